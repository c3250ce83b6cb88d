// Lightning addresses (LUD-16) and LNURL-pay (LUD-06): where to ask, what the receiver accepts,
// and an invoice for the merchant's amount, checked as LUD-06 says (amount, description hash)
// before anything is paid (docs/protocol.md, "Cash-out"; docs/security.md, "Cash-out").
import { parseLnUrlPayResponse } from '@getalby/lightning-tools/lnurl';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { bech32 } from '@scure/base';
import { ValidationError } from '../../errors';
import { decodeInvoice, looksLikeInvoice } from './invoice';
import {
  LNURL_INSECURE,
  LNURL_NONSENSE,
  LNURL_UNREACHABLE,
  UNRECOGNISED_DESTINATION,
} from './texts.json';
import {
  amountOutOfRange,
  commentTooLong,
  lnurlRedirected,
  lnurlRefused,
  lnurlWrongDescription,
  lnurlWrongInvoice,
} from './texts';

export type Destination =
  | { kind: 'invoice'; invoice: string }
  /** `label` is what the merchant typed (address or LNURL), `url` the pay endpoint */
  | { kind: 'lnurl'; url: string; label: string };

export interface PayParams {
  callback: string;
  minSat: number;
  maxSat: number;
  /** longest comment the receiver takes; 0 when it takes none */
  commentAllowed: number;
  description: string;
  /** the metadata string as sent: the invoice's description hash must be its sha256 (LUD-06) */
  metadata: string;
  /** the address or LNURL as typed */
  label: string;
  /** who answers, for messages: the address, or the LNURL's host */
  speaker: string;
}

export type Fetch = (
  url: string,
  init?: { signal?: AbortSignal; redirect?: RequestRedirect },
) => Promise<Response>;

const ADDRESS = /^([a-z0-9._+-]+)@([a-z0-9.-]+(?::\d{1,5})?)$/i;
const LNURL_TIMEOUT_MS = 10_000;
/** Redirects followed on the same origin; a redirect elsewhere is refused at once. */
const MAX_REDIRECTS = 3;
/** A server's reason is shown up to this many characters. */
const REASON_MAX = 140;

/** Loopback hosts only may be reached over plain http (the dev stack's LNURL server). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** https always; http only on loopback; anything else refused. */
export function checkLnurlUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch (error) {
    throw new ValidationError(LNURL_NONSENSE, { cause: error });
  }
  if (url.protocol === 'https:') return url.toString();
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return url.toString();
  throw new ValidationError(LNURL_INSECURE);
}

/** What the merchant pasted or scanned: an invoice, a Lightning address or an LNURL. */
export function parseDestination(text: string): Destination {
  const trimmed = text.trim().replace(/^lightning:/i, '');
  if (looksLikeInvoice(trimmed)) return { kind: 'invoice', invoice: trimmed.toLowerCase() };
  const address = ADDRESS.exec(trimmed);
  if (address) {
    const [, name, domain] = address;
    const host = domain!.replace(/:\d+$/, '');
    const scheme = isLoopbackHost(host) ? 'http' : 'https';
    return {
      kind: 'lnurl',
      url: `${scheme}://${domain!.toLowerCase()}/.well-known/lnurlp/${name!.toLowerCase()}`,
      label: trimmed.toLowerCase(),
    };
  }
  if (/^lnurl1[02-9ac-hj-np-z]+$/i.test(trimmed)) {
    let url: string;
    try {
      const { words } = bech32.decode(trimmed.toLowerCase() as `${string}1${string}`, 2000);
      url = new TextDecoder().decode(bech32.fromWords(words));
    } catch (error) {
      throw new ValidationError(UNRECOGNISED_DESTINATION, { cause: error });
    }
    return { kind: 'lnurl', url: checkLnurlUrl(url), label: trimmed.toLowerCase() };
  }
  // LUD-17 scheme: lnurlp://host/path is https (http on loopback).
  const lud17 = /^lnurlp:\/\/(.+)$/i.exec(trimmed);
  if (lud17) {
    const rest = lud17[1]!;
    const host = rest.split(/[/?#]/)[0]!.replace(/:\d+$/, '');
    const scheme = isLoopbackHost(host) ? 'http' : 'https';
    return { kind: 'lnurl', url: checkLnurlUrl(`${scheme}://${rest}`), label: trimmed };
  }
  throw new ValidationError(UNRECOGNISED_DESTINATION);
}

/** Who answers at `url`, for messages: the Lightning address when one was typed, else the host. */
export function speakerOf(label: string, url: string): string {
  if (ADDRESS.test(label)) return label;
  try {
    return new URL(url).host;
  } catch {
    return label;
  }
}

/**
 * A server's error text as plain, short text: control and bidirectional-override characters
 * dropped, white space collapsed, at most REASON_MAX characters.
 */
export function cleanReason(reason: string): string {
  const plain = reason
    .replace(/[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= REASON_MAX) return plain;
  return `${plain.slice(0, REASON_MAX - 1).trimEnd()}…`;
}

/**
 * One request, redirects handled by hand: followed only on the same origin (https, or http on
 * loopback), never to another host; an opaque redirect (a browser hides where it goes) is refused.
 */
async function fetchNoHostChange(
  fetchFn: Fetch,
  start: string,
  speaker: string,
  signal: AbortSignal,
): Promise<Response> {
  let url = start;
  for (let hop = 0; ; hop++) {
    const response = await fetchFn(url, { signal, redirect: 'manual' });
    const redirected =
      response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);
    if (!redirected) return response;
    const location = response.headers.get('location');
    let next: URL | null = null;
    try {
      next = location ? new URL(location, url) : null;
    } catch {
      next = null;
    }
    if (!next || next.origin !== new URL(url).origin || hop >= MAX_REDIRECTS) {
      throw new ValidationError(lnurlRedirected(speaker));
    }
    url = next.toString();
  }
}

async function getJson(fetchFn: Fetch, url: string, speaker: string): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), LNURL_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetchNoHostChange(fetchFn, url, speaker, controller.signal);
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    throw new ValidationError(LNURL_UNREACHABLE, { cause: error });
  } finally {
    clearTimeout(timer);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    if (!response.ok) throw new ValidationError(LNURL_UNREACHABLE, { cause: error });
    throw new ValidationError(LNURL_NONSENSE, { cause: error });
  }
  // LUD-06: an error is {"status": "ERROR", "reason": "..."}, with any HTTP status. The reason is
  // the server's words: quoted and attributed, never shown as if the app said it.
  if (body && typeof body === 'object' && (body as { status?: unknown }).status === 'ERROR') {
    const reason = (body as { reason?: unknown }).reason;
    const text = typeof reason === 'string' ? cleanReason(reason) : '';
    throw new ValidationError(lnurlRefused(speaker, text || 'no reason given'));
  }
  if (!response.ok) throw new ValidationError(LNURL_UNREACHABLE);
  return body;
}

/** LUD-06 step 1: the receiver's limits, comment length and callback. */
export async function fetchPayParams(
  destination: Extract<Destination, { kind: 'lnurl' }>,
  fetchFn: Fetch,
): Promise<PayParams> {
  const url = checkLnurlUrl(destination.url);
  const speaker = speakerOf(destination.label, url);
  const body = await getJson(fetchFn, url, speaker);
  const metadata = (body as { metadata?: unknown } | null)?.metadata;
  if (typeof metadata !== 'string') throw new ValidationError(LNURL_NONSENSE);
  let parsed: Awaited<ReturnType<typeof parseLnUrlPayResponse>>;
  try {
    parsed = await parseLnUrlPayResponse(body as Parameters<typeof parseLnUrlPayResponse>[0]);
  } catch (error) {
    throw new ValidationError(LNURL_NONSENSE, { cause: error });
  }
  const minSat = Math.max(1, Math.ceil(parsed.min / 1000));
  const maxSat = Math.floor(parsed.max / 1000);
  if (!Number.isSafeInteger(minSat) || !Number.isSafeInteger(maxSat) || maxSat < minSat) {
    throw new ValidationError(LNURL_NONSENSE);
  }
  const commentAllowed = Number(parsed.commentAllowed ?? 0);
  // The callback may be on another host: LUD-06 and LUD-16 let the address's server name any
  // callback (hosted addresses on a shop's own domain do), and the invoice is bound to this
  // document by its description hash, checked in requestInvoice (docs/decisions/0026).
  return {
    callback: checkLnurlUrl(parsed.callback),
    minSat,
    maxSat,
    commentAllowed: Number.isSafeInteger(commentAllowed) && commentAllowed > 0 ? commentAllowed : 0,
    description: parsed.description,
    metadata,
    label: destination.label,
    speaker,
  };
}

/** Refuses an amount outside the receiver's limits or a comment it would not take. */
export function checkPayAmount(params: PayParams, amountSat: number, comment = ''): void {
  if (!Number.isSafeInteger(amountSat) || amountSat < params.minSat || amountSat > params.maxSat) {
    throw new ValidationError(amountOutOfRange(params.minSat, params.maxSat));
  }
  if (comment.length > params.commentAllowed) {
    throw new ValidationError(commentTooLong(params.commentAllowed));
  }
}

/**
 * LUD-06 step 2: an invoice for exactly `amountSat` whose description hash is sha256 of the
 * metadata string (steps 6 and 7), checked before anything is paid.
 */
export async function requestInvoice(
  params: PayParams,
  amountSat: number,
  comment: string,
  fetchFn: Fetch,
): Promise<string> {
  checkPayAmount(params, amountSat, comment);
  const url = new URL(params.callback);
  url.searchParams.set('amount', String(amountSat * 1000));
  if (comment) url.searchParams.set('comment', comment);
  const body = await getJson(fetchFn, url.toString(), params.speaker);
  const pr = (body as { pr?: unknown } | null)?.pr;
  if (typeof pr !== 'string') throw new ValidationError(LNURL_NONSENSE);
  let invoice: ReturnType<typeof decodeInvoice>;
  try {
    invoice = decodeInvoice(pr);
  } catch (error) {
    throw new ValidationError(LNURL_NONSENSE, { cause: error });
  }
  if (invoice.amountSat !== amountSat) {
    throw new ValidationError(lnurlWrongInvoice(params.speaker, amountSat, invoice.amountSat));
  }
  if (invoice.descriptionHash !== metadataHash(params.metadata)) {
    throw new ValidationError(lnurlWrongDescription(params.speaker));
  }
  return invoice.request;
}

/** sha256 of the metadata string's UTF-8 bytes, hex (LUD-06 "Notes on metadata"). */
export function metadataHash(metadata: string): string {
  return bytesToHex(sha256(new TextEncoder().encode(metadata)));
}
