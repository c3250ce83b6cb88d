// Rows of 0 sats say what happened instead of "0 sats".
import { describe, expect, it } from 'vitest';
import type { HistoryEvent } from '../../core/history-ports';
import { ENGLISH_FORMATS } from '../../core/i18n/formats';
import { englishText } from '../../ui/i18n';
import * as W from './locales/wallet/en.json';
import { rowWords, type RowWords } from './zero-rows';

const WORDS = { t: englishText, formats: ENGLISH_FORMATS };
const NO_FEE = englishText(W.NO_FEE);
const NOTHING_FOUND = englishText(W.NOTHING_FOUND);
const RESTORE_NOTHING_NOTE = englishText(W.RESTORE_NOTHING_NOTE);
const restoreNotReachedNote = (error: string) => englishText(W.RESTORE_NOT_REACHED_NOTE, { error });
const tokenBack = (sats: number) => `${sats.toLocaleString('en-US')} sats back in the balance`;

describe('rowWords', () => {
  type Row = Pick<HistoryEvent, 'type' | 'amount' | 'metadata'>;
  it.each<[string, Row, RowWords]>([
    [
      'a token cancelled without a fee: no fee, and its sats back in the balance',
      {
        type: 'token-cancelled',
        amount: 0,
        metadata: '{"tokenAmount":1500,"fee":0,"numProofs":2}',
      },
      { amount: NO_FEE, note: tokenBack(1500) },
    ],
    [
      'a token cancelled with a fee keeps its amount and says what came back',
      { type: 'token-cancelled', amount: 1, metadata: '{"tokenAmount":100,"fee":1}' },
      { note: tokenBack(100) },
    ],
    [
      'a restore that found nothing says so',
      { type: 'restore', amount: 0, metadata: '{"keysets":1}' },
      { amount: NOTHING_FOUND, note: RESTORE_NOTHING_NOTE },
    ],
    [
      'a restore that could not reach the mint says so',
      { type: 'restore', amount: 0, metadata: '{"error":"Network request failed"}' },
      { amount: NOTHING_FOUND, note: restoreNotReachedNote('Network request failed') },
    ],
    [
      'a sale of 0 sats is left alone',
      { type: 'direct-payment', amount: 0, metadata: undefined },
      {},
    ],
    [
      'a restore that found sats is left alone',
      { type: 'restore', amount: 50, metadata: '{}' },
      {},
    ],
    [
      'a cancelled token with unreadable metadata only says no fee',
      { type: 'token-cancelled', amount: 0, metadata: 'not json' },
      { amount: NO_FEE },
    ],
  ])('%s', (_name, row, words) => {
    expect(rowWords(row, WORDS)).toEqual(words);
  });

  it('says the sats came back in the balance', () => {
    expect(tokenBack(1500)).toBe('1,500 sats back in the balance');
  });
});
