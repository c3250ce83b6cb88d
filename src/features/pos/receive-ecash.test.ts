// Why Receive ecash did not take a token, in the merchant's language: core's checks exactly as core
// writes them in English and each one in Spanish, a mint's refusal by its NUT code.
import { describe, expect, it } from 'vitest';
import { MintRefusedError, MintUnreachableError, ValidationError } from '../../core/errors';
import { ENGLISH_FORMATS } from '../../core/i18n/formats';
import * as input from '../../core/wallet/ecash/ecash-input';
import * as lock from '../../core/wallet/ecash/ecash-lock';
import * as receiver from '../../core/wallet/ecash/ecash-receiver';
import * as foreign from '../../core/wallet/ecash/foreign/foreign-texts';
import * as FOREIGN from '../../core/wallet/ecash/foreign/foreign-texts.json';
import { NutCode } from '../../core/wallet/mint-errors';
import { spanishTexts } from '../../testing/ui/spanish';
import { englishText } from '../../ui/i18n';
import * as REFUSALS from '../../ui/locales/mint-refusal/es.json';
import * as KEYPAD from './locales/keypad/es.json';
import * as RECEIVE from './locales/receive/es.json';
import * as SPANISH from './locales/receive-errors/es.json';
import { refusalText } from './receive-ecash';

const CHECKS = [
  input.MALFORMED_ECASH_MESSAGE,
  input.NOT_SATS_MESSAGE,
  input.MALFORMED_TOKEN_MESSAGE,
  lock.LOCKED_ELSEWHERE_MESSAGE,
  lock.NOT_LOCKED_MESSAGE,
  lock.LOCKED_WAIT_MESSAGE,
  receiver.ECASH_SPENT_MESSAGE,
  receiver.ECASH_DLEQ_MESSAGE,
  receiver.ECASH_KEYSET_MESSAGE,
  receiver.ECASH_AMOUNT_MESSAGE,
  foreign.FOREIGN_LOCKED_MESSAGE,
];
const KEPT = [
  foreign.FOREIGN_DOWN_MESSAGE,
  receiver.MINT_KEPT_MESSAGE,
  receiver.MINT_BUSY_MESSAGE,
  FOREIGN.FOREIGN_PENDING_MESSAGE,
  FOREIGN.NOT_ARRIVED_MESSAGE,
];

const { t, formats } = spanishTexts(SPANISH, RECEIVE, REFUSALS, KEYPAD);

const MINT = 'https://other.example';
/** Refusals that carry a mint or figures: their key and values beside the English. */
const WORDS = [
  receiver.notAcceptedWords(MINT),
  receiver.shortWords(2_100, 10, 2_500),
  receiver.shortWords(340, 2, 350, 'usd'),
  foreign.tooSmallWords(MINT, 3),
  foreign.shortAfterFeesWords(MINT, 1_990, 10, 2_000),
  foreign.meltRefusedWords(MINT, 'Lightning payment failed'),
  foreign.meltFailedWords(MINT),
  foreign.notOursWords(MINT),
];

describe('Receive ecash refusals in the language', () => {
  it("read core's checks in English exactly as core writes them", () => {
    for (const message of CHECKS) {
      expect(refusalText(new ValidationError(message), englishText, ENGLISH_FORMATS)).toBe(message);
    }
  });

  it("say core's checks and another mint's kept ecash in Spanish", () => {
    for (const message of CHECKS) {
      expect(refusalText(new ValidationError(message), t, formats), message).not.toBe(message);
    }
    for (const message of KEPT) {
      const kept = new MintUnreachableError(message);
      expect(refusalText(kept, englishText, ENGLISH_FORMATS, true)).toBe(message);
      expect(refusalText(kept, t, formats, true), message).not.toBe(message);
    }
  });

  it('say refusals with a mint or figures in English as core writes them, and in Spanish', () => {
    for (const words of WORDS) {
      const error = new ValidationError(words);
      expect(refusalText(error, englishText, ENGLISH_FORMATS)).toBe(words.message);
      const spanish = refusalText(error, t, formats);
      expect(spanish, words.message).not.toBe(words.message);
      if (words.text.values?.mint) expect(spanish).toContain(MINT);
    }
    expect(refusalText(new ValidationError(WORDS[1]!), t, formats)).toBe(
      'Este ecash son 2100 sats menos la comisión de canje del mint de 10 sats; la venta es de 2500 sats',
    );
    expect(refusalText(new ValidationError(WORDS[2]!), t, formats)).toBe(
      'Este ecash son 3.40 USD menos la comisión de canje del mint de 0.02 USD; la venta es de 3.50 USD',
    );
    const refused = refusalText(new ValidationError(WORDS[5]!), t, formats);
    expect(refused).toBe(`${MINT} no pagó: Lightning payment failed. El ecash no se aceptó`);
  });

  it('name both units when ecash is not in the till’s unit', () => {
    const refusal = input.wrongUnitRefusal('sat', 'usd');
    expect(refusalText(refusal, englishText, ENGLISH_FORMATS)).toBe(
      'This ecash is in sat; this till takes USD.',
    );
    expect(refusalText(refusal, t, formats)).toBe(
      'Este ecash está en sat; esta caja cobra en USD.',
    );
  });

  it("say a mint's refusal by its NUT code, the mint's words kept", () => {
    const spent = new MintRefusedError('Token already spent', NutCode.proofsAlreadySpent);
    expect(refusalText(spent, englishText, ENGLISH_FORMATS)).toBe(
      'The mint refused: this ecash was already spent (Token already spent).',
    );
    const spanish = refusalText(spent, t, formats);
    expect(spanish).toContain('(Token already spent)');
    expect(spanish).not.toContain('The mint refused');
  });
});
