// Why no withdrawal or refund token was made, in the merchant's language: English exactly as core
// writes it, Spanish from the catalog with the figures grouped the Spanish way, a mint's refusal
// by its NUT code.
import { describe, expect, it } from 'vitest';
import { MintRefusedError, ValidationError } from '../../core/errors';
import { ENGLISH_FORMATS } from '../../core/i18n/formats';
import {
  REFUND_AMOUNT_INVALID,
  REFUND_NOT_A_SALE,
  refundTooLargeWords,
} from '../../core/receipts/refunds';
import { NETWORK_FAILED_MESSAGE, NutCode } from '../../core/wallet/mint-errors';
import * as plan from '../../core/wallet/withdraw/withdraw-plan';
import { spanishTexts } from '../../testing/ui/spanish';
import { englishText } from '../../ui/i18n';
import * as REFUSALS from '../../ui/locales/mint-refusal/es.json';
import * as SPANISH from './locales/withdraw-errors/es.json';
import { withdrawErrorText, type WithdrawRefusal } from './withdraw-errors';

const FIXED = [
  plan.NO_PROOFS_MESSAGE,
  plan.NO_PROOFS_FOR_MINT_MESSAGE,
  plan.NO_PROOFS_ON_THAT_MINT_MESSAGE,
  plan.ALL_PENDING_MESSAGE,
  plan.BALANCE_CHANGED_MESSAGE,
  plan.FEE_CHANGED_MESSAGE,
  plan.FEE_TAKES_ALL_MESSAGE,
  plan.NOT_ENOUGH_AFTER_FEE_MESSAGE,
  NETWORK_FAILED_MESSAGE,
  REFUND_AMOUNT_INVALID,
  REFUND_NOT_A_SALE,
];
const amountWords = plan.withdrawAmountWords(21_000);
const REFUSALS_SAID: WithdrawRefusal[] = [
  ...FIXED.map((error) => ({ error })),
  { error: amountWords.message, text: amountWords.text },
  ...[0, 1_500].map((left) => {
    const cause = new ValidationError(refundTooLargeWords(left));
    return { error: cause.message, cause };
  }),
];

const english = (refusal: WithdrawRefusal) =>
  withdrawErrorText(englishText, ENGLISH_FORMATS, refusal);
const { t, formats } = spanishTexts(SPANISH, REFUSALS);
const spanish = (refusal: WithdrawRefusal) => withdrawErrorText(t, formats, refusal);

describe('withdrawal refusals in the language', () => {
  it('read in English exactly as core writes them', () => {
    for (const refusal of REFUSALS_SAID) expect(english(refusal)).toBe(refusal.error);
    expect(amountWords.message).toBe('Enter an amount from 1 to 21,000 sats.');
  });

  it('say every one in Spanish, figures grouped the Spanish way', () => {
    for (const refusal of REFUSALS_SAID) {
      expect(spanish(refusal), refusal.error).not.toBe(refusal.error);
    }
    expect(spanish({ error: amountWords.message, text: amountWords.text })).toBe(
      'Introduce un importe de 1 a 21.000 sats.',
    );
  });

  it("say a mint's refusal by its NUT code, the mint's words kept", () => {
    const cause = new MintRefusedError('Token already spent', NutCode.proofsAlreadySpent);
    expect(english({ error: cause.message, cause })).toBe(
      'The mint refused: this ecash was already spent (Token already spent).',
    );
    expect(spanish({ error: cause.message, cause })).toContain('(Token already spent)');
    expect(spanish({ error: cause.message, cause })).not.toContain('The mint refused');
  });

  it('show a message no catalog has as core wrote it', () => {
    expect(spanish({ error: 'Something new' })).toBe('Something new');
  });
});
