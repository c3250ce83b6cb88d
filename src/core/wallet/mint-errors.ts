// Sorting what a mint call threw into "definite refusal" vs "we do not know", and the typed errors.
import {
  HttpResponseError,
  MintOperationError,
  NetworkError,
  RateLimitError,
} from '@cashu/cashu-ts';
import { CashewError, MintRefusedError, MintUnreachableError } from '../errors';
import { matchedCode, NutCode } from './nut-codes';

export { NutCode };

export const NETWORK_FAILED_MESSAGE = 'Network request failed';

/**
 * Current-table codes for work still in progress at the mint: it may yet act on the request.
 * 11002 is also the older table's "transaction not balanced"; the number alone cannot say which
 * table a mint uses, so it is read as pending in both: the caller then asks the mint (NUT-07
 * states, the quote) before giving anything up, which costs an older mint's refusal one check.
 */
const PENDING_CODES = new Set<number>([11002, 11004]);

function rawCode(error: unknown): number | undefined {
  if (error instanceof MintRefusedError) return error.code;
  if (error instanceof MintOperationError) return error.code;
  return undefined;
}

/** The NUT code of a definite refusal (older numbering for renumbered ones), or undefined. */
export function refusalCode(error: unknown): number | undefined {
  const code = rawCode(error);
  return code === undefined ? undefined : matchedCode(code);
}

/**
 * Definite: the mint answered 400 with a NUT code, so it did not act
 * (docs/protocol.md "How a failure is read").
 * Exceptions, read by code alone in either table: "quote pending" (20005), and "proofs/outputs
 * pending" (11002/11004 in the current table; see PENDING_CODES for the older 11002).
 */
export function isDefiniteRefusal(error: unknown): boolean {
  const code = refusalCode(error);
  if (code === undefined) return false;
  if (code === NutCode.quotePending) return false;
  return !PENDING_CODES.has(code);
}

/** We cannot tell whether the mint acted: network failure, timeout, 5xx, 429, other non-NUT replies. */
export function isAmbiguous(error: unknown): boolean {
  if (error instanceof MintUnreachableError) return true;
  if (isDefiniteRefusal(error)) return false;
  // a coded refusal that is not definite is work still pending at the mint
  if (error instanceof MintRefusedError) return error.code !== undefined;
  return (
    error instanceof NetworkError ||
    error instanceof RateLimitError ||
    error instanceof HttpResponseError ||
    error instanceof MintOperationError
  );
}

/**
 * Maps anything a cashu-ts mint call threw to our typed errors, keeping cashu-ts's message
 * (docs/protocol.md "How a failure is read": the reply's error/detail text, 'HTTP request failed',
 * 'Network request failed').
 */
export function toMintError(error: unknown): CashewError {
  if (error instanceof CashewError) return error;
  if (error instanceof MintOperationError) {
    return new MintRefusedError(error.message, error.code, { cause: error });
  }
  if (error instanceof HttpResponseError) {
    if (error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429) {
      return new MintRefusedError(error.message, undefined, { cause: error });
    }
    return new MintUnreachableError(error.message, { cause: error });
  }
  if (error instanceof NetworkError) {
    // cashu-ts passes the platform's text through ('fetch failed', 'Failed to fetch'); we
    // name one message for every network failure. Timeouts keep their own text.
    const message = /timed out/i.test(error.message) ? error.message : NETWORK_FAILED_MESSAGE;
    return new MintUnreachableError(message, { cause: error });
  }
  const message = error instanceof Error && error.message ? error.message : 'Unknown error';
  return new CashewError(message, { cause: error });
}
