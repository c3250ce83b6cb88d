// Rows of 0 sats say what happened instead of "0 sats".
import { describe, expect, it } from 'vitest';
import {
  NO_FEE,
  NOTHING_FOUND,
  RESTORE_NOTHING_NOTE,
  restoreNotReachedNote,
  rowWords,
  tokenBack,
} from './zero-rows';

describe('rowWords', () => {
  it('a token cancelled without a fee: no fee, and its sats back in the balance', () => {
    const metadata = JSON.stringify({ tokenAmount: 1500, fee: 0, numProofs: 2 });
    expect(rowWords({ type: 'token-cancelled', amount: 0, metadata })).toEqual({
      amount: NO_FEE,
      note: tokenBack(1500),
    });
    expect(tokenBack(1500)).toBe('1,500 sats back in the balance');
  });

  it('a token cancelled with a fee keeps its amount and says what came back', () => {
    const metadata = JSON.stringify({ tokenAmount: 100, fee: 1 });
    expect(rowWords({ type: 'token-cancelled', amount: 1, metadata })).toEqual({
      note: tokenBack(100),
    });
  });

  it('a restore that found nothing, or could not reach the mint, says so', () => {
    expect(rowWords({ type: 'restore', amount: 0, metadata: '{"keysets":1}' })).toEqual({
      amount: NOTHING_FOUND,
      note: RESTORE_NOTHING_NOTE,
    });
    expect(
      rowWords({ type: 'restore', amount: 0, metadata: '{"error":"Network request failed"}' }),
    ).toEqual({ amount: NOTHING_FOUND, note: restoreNotReachedNote('Network request failed') });
  });

  it('leaves sales, restores that found sats and unreadable metadata alone', () => {
    expect(rowWords({ type: 'direct-payment', amount: 0, metadata: undefined })).toEqual({});
    expect(rowWords({ type: 'restore', amount: 50, metadata: '{}' })).toEqual({});
    expect(rowWords({ type: 'token-cancelled', amount: 0, metadata: 'not json' })).toEqual({
      amount: NO_FEE,
    });
  });
});
