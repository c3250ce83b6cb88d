// Why a mint could not be scanned, in words shown to the merchant (docs/behaviour.md, "Recover
// funds"). Stored on the scan row and in the mint's history event.
import { errorWords, type ErrorWords } from '../../errors';
import { formatSats } from '../../format-sats';

export const NO_RESTORE_SUPPORT_MESSAGE =
  'This mint does not offer restore (NUT-09), so its ecash cannot be recovered from the phrase. Nothing stored was changed.';

export function unreachableMessage(detail: string): string {
  return `Could not reach this mint (${detail}). Nothing stored was changed; try Recover funds again later.`;
}

export function keysetsGoneMessage(ids: string[]): string {
  const list = ids.join(', ');
  return ids.length === 1
    ? `Keyset ${list} is no longer offered by this mint; proofs stored from it are kept as they are.`
    : `Keysets ${list} are no longer offered by this mint; proofs stored from them are kept as they are.`;
}

export const SIGNS_ANYTHING_MESSAGE =
  'This mint signed restore outputs this wallet never made, so its answers cannot be trusted. Nothing from that answer was stored.';

export function refusedSignaturesMessage(count: number): string {
  return count === 1
    ? '1 signature from this mint failed its check (DLEQ proof) and was not stored.'
    : `${count} signatures from this mint failed their check (DLEQ proof) and were not stored.`;
}

export function counterLimitMessage(ids: string[], limit: number): string {
  const list = ids.join(', ');
  return `The scan stopped at counter ${formatSats(limit)} on keyset ${list}, far beyond any shop's use. What was found below it was kept.`;
}

export const MINT_LISTS_UNREAD_MESSAGE = 'Could not read the mint lists from your relays';
export const LOCKED_SALES_UNREAD_MESSAGE =
  'Could not read the sales taken while locked from your relays; try Recover funds again later.';

/**
 * Each message above with its catalog key and values, stored beside the English on the scan row
 * (`MintScan.errorTexts`) so the screen says it in the chosen language (decision 0063).
 */
export const restoreWords = {
  noRestoreSupport: (): ErrorWords =>
    errorWords('RESTORE_NO_NUT09', {}, NO_RESTORE_SUPPORT_MESSAGE),
  unreachable: (detail: string): ErrorWords =>
    errorWords('RESTORE_UNREACHABLE', { detail }, unreachableMessage(detail)),
  keysetsGone: (ids: string[]): ErrorWords =>
    errorWords(
      ids.length === 1 ? 'RESTORE_KEYSET_GONE' : 'RESTORE_KEYSETS_GONE',
      { ids: ids.join(', ') },
      keysetsGoneMessage(ids),
    ),
  signsAnything: (): ErrorWords => errorWords('RESTORE_SIGNS_ANYTHING', {}, SIGNS_ANYTHING_MESSAGE),
  refusedSignatures: (count: number): ErrorWords =>
    errorWords('RESTORE_REFUSED_SIGNATURES', { count }, refusedSignaturesMessage(count)),
  counterLimit: (ids: string[], limit: number): ErrorWords =>
    errorWords(
      'RESTORE_COUNTER_LIMIT',
      { ids: ids.join(', '), limit },
      counterLimitMessage(ids, limit),
    ),
};

/** What the relays could not give a scan, as one line: the mint lists, the locked sales. */
export function relayErrorsOf(row: {
  discoveryError?: string;
  lockedSalesError?: string;
}): string | undefined {
  return [row.discoveryError, row.lockedSalesError].filter(Boolean).join(' ') || undefined;
}
