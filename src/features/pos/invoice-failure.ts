// Why an invoice or a token could not be taken, in the merchant's words: loaded only when one
// could not be (features/pos/use-invoice.ts), so the keypad's first visit does not carry it.
import { MintRefusedError, MintUnreachableError } from '../../core/errors';
import { describeMintFailure } from '../../core/wallet/mint-failure';
import type { Translate } from '../../ui/i18n';
import { mintRefusalText } from '../../ui/mint-refusal';
import {
  DEVICE_OFFLINE_REASON,
  MINT_FAILING_REASON,
  MINT_NO_ANSWER_REASON,
  MINT_REFUSED_REASON,
  MINT_UNREACHABLE_REASON,
} from './locales/invoice-failure/en.json';

/**
 * What went wrong, in the merchant's words, under the keypad beside the SPEC toast: offline,
 * a mint that answers but fails, one that does not answer, no route to it, or its refusal.
 */
export function failureReason(
  error: unknown,
  t: Translate,
  online = navigator.onLine,
): string | null {
  if (error instanceof MintUnreachableError) {
    if (!online) return t(DEVICE_OFFLINE_REASON);
    const failure = describeMintFailure(error);
    if (failure?.kind === 'failing') return t(MINT_FAILING_REASON, { status: failure.status });
    if (failure?.kind === 'no-answer') return t(MINT_NO_ANSWER_REASON);
    return t(MINT_UNREACHABLE_REASON);
  }
  if (error instanceof MintRefusedError && error.message) {
    return t(MINT_REFUSED_REASON, { detail: error.message });
  }
  return null;
}

/** What an invoice's failure says under the keypad: a refusal by its NUT code, or the reason. */
export function invoiceFailureText(error: unknown, t: Translate): string | null {
  if (error instanceof MintRefusedError)
    return mintRefusalText(t, error) ?? failureReason(error, t);
  return failureReason(error, t);
}
