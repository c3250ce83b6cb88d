// Checks of what a user types for the mint URL and relays (docs/behaviour.md "Settings"), shared by
// onboarding and settings. Each check returns the message to show, or undefined when fine; a
// relay line's problem also as its catalog key and values (docs/decisions/0063-texts-from-domain-values.md).

import type { ErrorWords } from '../errors';
import { mintUrlKey, relayUrlKey, urlProblem, urlProblemWords } from '../urls/normalise-url';

export { MINT_URL_NOT_HTTPS, relayUrlNotWss } from '../urls/normalise-url';

export const MINT_URL_EMPTY = 'Mint URL cannot be empty';
export const RELAYS_EMPTY = 'Please provide at least one relay';
export const MINT_URL_NOT_HTTP = 'Mint URL must be a valid http:// or https:// address';

/** Split on newlines, trim, drop blanks; each relay in its stored form (core/urls). */
export function parseRelayLines(text: string): string[] {
  return text
    .split(/\r?\n/u)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map(relayUrlKey);
}

/** A mint URL that may be used as it is (core/urls: https, or http on loopback/.onion). */
export function isHttpUrl(value: string): boolean {
  return urlProblem(value, 'mint') === undefined;
}

/** A relay URL that may be used (wss, or ws on loopback/.onion). */
export function isRelayUrl(value: string): boolean {
  return urlProblem(value, 'relay') === undefined;
}

/** The problem with a mint URL, checked in the order the user can fix them. */
export function mintUrlProblem(value: string): string | undefined {
  if (value.trim() === '') return MINT_URL_EMPTY;
  return urlProblem(value, 'mint');
}

/** The problem with a parsed relay list: none at all, or the first line that may not be used. */
export function relaysProblemWords(relays: readonly string[]): ErrorWords | string | undefined {
  if (relays.length === 0) return RELAYS_EMPTY;
  for (const relay of relays) {
    const problem = urlProblemWords(relay, 'relay');
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** The same problem as its English message. */
export function relaysProblem(relays: readonly string[]): string | undefined {
  const problem = relaysProblemWords(relays);
  return typeof problem === 'object' ? problem.message : problem;
}

/** Stored form of a mint URL (core/urls/normalise-url.ts), so the same mint matches once. */
export function normaliseMintInput(value: string): string {
  return mintUrlKey(value);
}
