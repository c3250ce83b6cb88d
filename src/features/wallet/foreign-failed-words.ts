// Why another mint's ecash could not be settled, in the chosen language: the row keeps core's
// English only, so its fixed sentences are found by their English and the other mint's refusal
// by its shape around the row's mint, its own words kept (docs/decisions/0063-texts-from-domain-values.md).
import {
  FAILED_NO_REASON,
  MELT_FAILED_REASON,
  meltRefusedMessage,
  NEVER_ARRIVED_MESSAGE,
  NOT_OURS_REASON,
} from '../../core/wallet/ecash/foreign/foreign-texts';
import type { Translate } from '../../ui/i18n';
import {
  FAILED_MELT_FAILED,
  FAILED_MELT_REFUSED,
  FAILED_NEVER_ARRIVED,
  FAILED_NO_REASON as NO_REASON,
  FAILED_NOT_OURS,
} from './locales/wallet/en.json';

/** The stored reason of a failed row of `mint`, said in the language; unknown ones as stored. */
export function foreignFailedReason(t: Translate, mint: string, reason: string): string {
  if (reason === NEVER_ARRIVED_MESSAGE) return t(FAILED_NEVER_ARRIVED);
  if (reason === FAILED_NO_REASON) return t(NO_REASON);
  if (reason === meltRefusedMessage(mint, MELT_FAILED_REASON))
    return t(FAILED_MELT_FAILED, { mint });
  if (reason === meltRefusedMessage(mint, NOT_OURS_REASON)) return t(FAILED_NOT_OURS, { mint });
  const [before, after] = meltRefusedMessage(mint, '\u0000').split('\u0000') as [string, string];
  if (
    reason.startsWith(before) &&
    reason.endsWith(after) &&
    reason.length > before.length + after.length
  ) {
    return t(FAILED_MELT_REFUSED, { mint, reason: reason.slice(before.length, -after.length) });
  }
  return reason;
}
