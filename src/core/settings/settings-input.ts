// Checks of what a user types for the mint URL and relays (docs/behaviour.md "Settings"), shared by
// onboarding and settings. Each check returns the message to show, or undefined when fine.

export const MINT_URL_EMPTY = 'Mint URL cannot be empty';
export const RELAYS_EMPTY = 'Please provide at least one relay';
export const MINT_URL_NOT_HTTP = 'Mint URL must be a valid http:// or https:// address';

export function relayUrlNotWs(line: string): string {
  return `Relay must be a valid ws:// or wss:// address: ${line}`;
}

/** Split on newlines, trim, drop blanks. */
export function parseRelayLines(text: string): string[] {
  return text
    .split(/\r?\n/u)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

function hasProtocol(value: string, protocols: readonly string[]): boolean {
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol) && url.hostname !== '';
  } catch {
    return false;
  }
}

export function isHttpUrl(value: string): boolean {
  return hasProtocol(value.trim(), ['http:', 'https:']);
}

export function isRelayUrl(value: string): boolean {
  return hasProtocol(value.trim(), ['ws:', 'wss:']);
}

/** The problem with a mint URL, checked in the order the user can fix them. */
export function mintUrlProblem(value: string): string | undefined {
  if (value.trim() === '') return MINT_URL_EMPTY;
  if (!isHttpUrl(value)) return MINT_URL_NOT_HTTP;
  return undefined;
}

/** The problem with a parsed relay list: none at all, or the first line that is not ws(s). */
export function relaysProblem(relays: readonly string[]): string | undefined {
  if (relays.length === 0) return RELAYS_EMPTY;
  const bad = relays.find((relay) => !isRelayUrl(relay));
  return bad === undefined ? undefined : relayUrlNotWs(bad);
}

/** Stored form of a mint URL: trimmed, without trailing slashes (the same mint matches once). */
export function normaliseMintInput(value: string): string {
  return value.trim().replace(/\/+$/u, '');
}
