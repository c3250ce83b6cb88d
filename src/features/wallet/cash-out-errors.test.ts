// A cash-out's refusals in the merchant's language: English exactly as core writes it, every
// other language from the catalog, fixed messages found by their English, unknown ones as thrown.
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../core/errors';
import { ENGLISH_FORMATS } from '../../core/i18n/formats';
import * as texts from '../../core/wallet/cash-out/texts';
import coreFixed from '../../core/wallet/cash-out/texts.json';
import { intlFormats } from '../../core/i18n/intl-formats';
import type { Messages } from '../../core/i18n/messages';
import { englishText, textsOf } from '../../ui/i18n';
import { cashOutErrorText } from './cash-out-errors';
import * as SPANISH from './locales/cash-out-errors/es.json';

/** This part's Spanish, as the app loads it when Spanish is chosen. */
const spanish = {
  formats: intlFormats('es'),
  messages: (SPANISH as unknown as { messages: Messages }).messages,
};

const english = (error: unknown) => cashOutErrorText(englishText, ENGLISH_FORMATS, error);

const SAMPLES = [
  texts.meltQuoteWrongAmount(21_000),
  texts.feeAboveLimitText(1_234, 100),
  texts.notEnoughBalance(5_100, 5_000),
  texts.heldByPendingToken(12_345, 1_000, 11_345),
  texts.tooLittleForFees(3),
  texts.amountOutOfRange(1_000, 100_000),
  texts.lnurlRefused('shop@pay.example', 'No such user'),
  texts.lnurlWrongInvoice('shop@pay.example', 2_500, null),
  texts.lnurlWrongInvoice('shop@pay.example', 2_500, 25_000),
  texts.lnurlWrongDescription('shop@pay.example'),
  texts.lnurlRedirected('shop@pay.example'),
  texts.commentTooLong(2_000),
];

describe('cash-out errors in the language', () => {
  it('read in English exactly as core writes them', () => {
    for (const words of SAMPLES) expect(english(new ValidationError(words))).toBe(words.message);
    for (const message of Object.values(coreFixed)) {
      expect(english(new ValidationError(message))).toBe(message);
    }
  });

  it('are all in the catalog: a fixed message is matched by its English', () => {
    const t = textsOf(spanish);
    const inSpanish = (error: unknown) => cashOutErrorText(t, spanish.formats, error);
    for (const message of Object.values(coreFixed)) {
      if (message.startsWith('Cash-out ')) continue; // toasts: the panel's own catalog says them
      expect(inSpanish(new ValidationError(message)), message).not.toBe(message);
    }
    for (const words of SAMPLES) {
      expect(inSpanish(new ValidationError(words)), words.message).not.toBe(words.message);
    }
    expect(inSpanish(new ValidationError(texts.notEnoughBalance(21_000, 5_000)))).toBe(
      'Saldo insuficiente: esto necesita 21.000 sats con comisiones y el saldo es de 5000 sats.',
    );
    expect(inSpanish(new ValidationError(coreFixed.INVOICE_EXPIRED))).toBe(
      'Esta factura ha caducado. Pide una nueva.',
    );
  });

  it('leave anything else as it was thrown', () => {
    expect(english(new Error('The mint is down'))).toBe('The mint is down');
  });
});
