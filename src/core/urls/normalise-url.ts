// The one URL normaliser for mints and relays (docs/protocol.md "Mint and relay URLs"): every
// place that stores, compares or connects to a mint or relay URL goes through here.
import { errorWords, ValidationError, type ErrorWords } from '../errors';
import { withoutTrailingSlashes } from './trailing-slashes';

export { withoutTrailingSlashes };

export type UrlKind = 'mint' | 'relay';

const SCHEMES: Record<UrlKind, { secure: string; plain: string }> = {
  mint: { secure: 'https:', plain: 'http:' },
  relay: { secure: 'wss:', plain: 'ws:' },
};

export const MINT_URL_INVALID = 'Mint URL must be a valid http:// or https:// address';
export const MINT_URL_NOT_HTTPS =
  'Mint URL must use https:// (http:// only for this device or a .onion address)';
export function relayUrlInvalid(value: string): string {
  return `Relay must be a valid ws:// or wss:// address: ${value}`;
}
export function relayUrlNotWss(value: string): string {
  return `Relay must use wss:// (ws:// only for this device or a .onion address): ${value}`;
}

/** localhost, *.localhost, 127.0.0.0/8 and ::1: traffic that never leaves the device. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

/** Tor hidden services: the transport is already encrypted end to end. */
export function isOnionHost(hostname: string): boolean {
  return hostname.toLowerCase().endsWith('.onion');
}

/**
 * Lower-case scheme and host (the URL parser does both), default port dropped, no credentials,
 * no query or fragment, no trailing slash. Undefined when not an absolute URL of the kind.
 */
export function canonicalUrl(raw: unknown, kind: UrlKind): string | undefined {
  if (typeof raw !== 'string') return undefined;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  const { secure, plain } = SCHEMES[kind];
  if ((url.protocol !== secure && url.protocol !== plain) || url.hostname === '') return undefined;
  const path = withoutTrailingSlashes(url.pathname);
  return `${url.protocol}//${url.host}${path}`;
}

function requiresSecure(url: string): boolean {
  const { hostname } = new URL(url);
  return !isLoopbackHost(hostname) && !isOnionHost(hostname);
}

/** What is wrong with a mint or relay URL as typed, or undefined when it may be used. */
export function urlProblem(raw: string, kind: UrlKind): string | undefined {
  const canonical = canonicalUrl(raw, kind);
  const shown = raw.trim();
  if (canonical === undefined) return kind === 'mint' ? MINT_URL_INVALID : relayUrlInvalid(shown);
  if (canonical.startsWith(SCHEMES[kind].plain) && requiresSecure(canonical)) {
    return kind === 'mint' ? MINT_URL_NOT_HTTPS : relayUrlNotWss(shown);
  }
  return undefined;
}

/**
 * The same problem for a screen's language: a mint's is a fixed message, a relay's names the line
 * as typed, so it carries its catalog key (docs/decisions/0063-texts-from-domain-values.md).
 */
export function urlProblemWords(raw: string, kind: UrlKind): ErrorWords | string | undefined {
  const problem = urlProblem(raw, kind);
  if (problem === undefined || kind === 'mint') return problem;
  const value = raw.trim();
  const key = problem === relayUrlInvalid(value) ? 'RELAY_URL_INVALID' : 'RELAY_URL_NOT_WSS';
  return errorWords(key, { value }, problem);
}

/** The normalised URL, or a ValidationError with the message to show. */
export function normaliseUrl(raw: string, kind: UrlKind): string {
  const problem = urlProblem(raw, kind);
  if (problem !== undefined) throw new ValidationError(problem);
  return canonicalUrl(raw, kind)!;
}

export const normaliseMintUrl = (raw: string) => normaliseUrl(raw, 'mint');

/**
 * The canonical form of a mint URL the app may use (https, or http on loopback/.onion), or
 * undefined when it is not one: for URLs from outside (discovery, auditors), which never throw.
 */
export function usableMintUrl(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  if (urlProblem(raw, 'mint') !== undefined) return undefined;
  return canonicalUrl(raw, 'mint');
}
export const normaliseRelayUrl = (raw: string) => normaliseUrl(raw, 'relay');

/**
 * The form two mint URLs are compared and cached by. Never throws: a value that is not a mint URL
 * at all (old data) compares as itself, trimmed and without trailing slashes.
 */
export function mintUrlKey(raw: string): string {
  return canonicalUrl(raw, 'mint') ?? withoutTrailingSlashes(raw.trim());
}

/** The same for relay URLs. */
export function relayUrlKey(raw: string): string {
  return canonicalUrl(raw, 'relay') ?? withoutTrailingSlashes(raw.trim());
}
