// Why the cashier's mint made no invoice, in the chosen language (docs/decisions/0063-texts-from-domain-values.md).
import { MintUnreachableError } from '../../core/errors';
import type { Translate } from '../../ui/i18n';
import { mintRefusalText } from '../../ui/mint-refusal';
import { CASHIER_MINT_REFUSED, CASHIER_MINT_UNREACHABLE } from './locales/remote/en.json';

/**
 * Why the mint gave no invoice, shown under the keypad beside the spec's "Payment failed" toast
 * (nothing was paid): its refusal by NUT code with its own words, or that it could not be reached
 * (docs/behaviour.md "Remote cashier", Errors); null for anything else.
 */
export function mintFailureText(failure: unknown, t: Translate): string | null {
  if (failure instanceof MintUnreachableError) return t(CASHIER_MINT_UNREACHABLE);
  const refusal = mintRefusalText(t, failure);
  return refusal ? t(CASHIER_MINT_REFUSED, { refusal }) : null;
}
