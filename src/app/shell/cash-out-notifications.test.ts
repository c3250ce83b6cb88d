// The cash-out toasts: English as the spec's cash-out texts read ("1 sat"), and in the language
// shown, the reason of an automatic cash-out's failure included.
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../core/errors';
import type { CashOutResult } from '../../core/wallet/cash-out/cash-out-service';
import { notEnoughBalance } from '../../core/wallet/cash-out/texts';
import { loadLanguage } from '../start-up/other-languages';
import { textsOf } from '../../ui/i18n';
import { announceAutoCashOut, announceCashOut } from './cash-out-notifications';

function toaster() {
  const shown: Array<[string, string]> = [];
  return {
    shown,
    toast: {
      success: (text: string) => shown.push(['success', text]),
      error: (text: string) => shown.push(['error', text]),
      info: (text: string) => shown.push(['info', text]),
    },
  };
}

const paid = (amount: number, fee: number, auto = false) =>
  ({ status: 'paid', amount, feePaid: fee, inputFee: 0, auto }) as unknown as CashOutResult;
const silent = { debug() {}, info() {}, warn() {}, error() {} };

describe('cash-out toasts', () => {
  it('say what was sent and the fee, one sat singular', () => {
    const { shown, toast } = toaster();
    announceCashOut(toast, paid(6_090, 12));
    announceCashOut(toast, paid(40, 1, true));
    announceCashOut(toast, { status: 'unpaid' } as unknown as CashOutResult);
    expect(shown).toEqual([
      ['success', 'Cash-out paid: 6,090 sats sent, 12 sats fee.'],
      ['success', 'Automatic cash-out: 40 sats sent, 1 sat fee.'],
      [
        'error',
        'Cash-out failed: the payment did not go through. The sats are back in your balance.',
      ],
    ]);
  });

  it('say dollars for an automatic cash-out of a dollar balance, never sats', () => {
    const { shown, toast } = toaster();
    announceCashOut(toast, { ...paid(480, 2, true), unit: 'usd' } as CashOutResult);
    expect(shown).toEqual([['success', 'Automatic cash-out: 4.80 USD sent, 0.02 USD fee.']]);
  });

  it('speak the language shown, the failure reason too', async () => {
    const spanish = await loadLanguage('es');
    const texts = () => ({ t: textsOf(spanish), formats: spanish.formats });
    const { shown, toast } = toaster();
    const cause = new ValidationError(notEnoughBalance(21_000, 5_000));
    announceAutoCashOut(
      toast,
      silent,
      { ok: false, error: cause.message, cause, retryInMs: 120_000 },
      texts,
    );
    announceAutoCashOut(toast, silent, { ok: true, result: paid(21_000, 3, true) }, texts);
    expect(shown).toEqual([
      [
        'error',
        'El retiro automático falló: Saldo insuficiente: esto necesita 21.000 sats con comisiones y el saldo es de 5000 sats. Se volverá a intentar en 2 min.',
      ],
      ['success', 'Retiro automático: 21.000 sats enviados, 3 sats de comisión.'],
    ]);
  });
});
