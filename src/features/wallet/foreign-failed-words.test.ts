// A failed foreign-ecash row's stored English reason, said in Spanish: fixed sentences, the other
// mint's refusal with its own words kept, and English exactly as stored.
import { describe, expect, it } from 'vitest';
import { FAILED_NO_REASON } from '../../core/wallet/ecash/foreign/foreign-failed';
import {
  meltFailedWords,
  meltRefusedWords,
  NEVER_ARRIVED_MESSAGE,
  notOursWords,
} from '../../core/wallet/ecash/foreign/foreign-texts';
import { spanishTexts } from '../../testing/ui/spanish';
import { englishText } from '../../ui/i18n';
import { foreignFailedReason } from './foreign-failed-words';
import * as WALLET from './locales/wallet/es.json';

const MINT = 'https://other.example';
const REASONS = [
  NEVER_ARRIVED_MESSAGE,
  FAILED_NO_REASON,
  meltFailedWords(MINT).message,
  notOursWords(MINT).message,
  meltRefusedWords(MINT, 'Lightning payment failed').message,
];

describe('a failed foreign-ecash row says why in the language', () => {
  it('reads in English exactly as stored', () => {
    for (const reason of REASONS)
      expect(foreignFailedReason(englishText, MINT, reason)).toBe(reason);
  });

  it('says each in Spanish, the mint and its own words kept', () => {
    const { t } = spanishTexts(WALLET);
    for (const reason of REASONS) {
      expect(foreignFailedReason(t, MINT, reason), reason).not.toBe(reason);
    }
    expect(foreignFailedReason(t, MINT, REASONS[4]!)).toBe(
      `${MINT} no pagó: Lightning payment failed. El ecash no se aceptó`,
    );
    expect(foreignFailedReason(t, MINT, 'Something else')).toBe('Something else');
  });
});
