// The Replace wallet verdict: what may be given up, and what never is.
import { describe, expect, it } from 'vitest';
import {
  NOTHING_LEFT,
  REFUSED_BALANCE,
  REFUSED_IN_PROGRESS,
  REFUSED_INVOICES,
  replaceVerdict,
  type LeftBehind,
} from './replace-wallet';

const left = (changes: Partial<LeftBehind>): LeftBehind => ({ ...NOTHING_LEFT, ...changes });
const balance = [{ mintUrl: 'https://mint.example', sats: 21 }];

describe('replaceVerdict', () => {
  it('allows an empty wallet, with or without the phrase check', () => {
    expect(replaceVerdict(NOTHING_LEFT, false)).toEqual({ allowed: true });
    expect(replaceVerdict(NOTHING_LEFT, true)).toEqual({ allowed: true });
  });

  it('refuses a balance (tokens included) until the current phrase was checked', () => {
    const stored = left({ balances: balance, pendingTokens: { count: 1, sats: 21 } });
    expect(replaceVerdict(stored, false)).toEqual({ allowed: false, reason: REFUSED_BALANCE });
    expect(replaceVerdict(stored, true)).toEqual({ allowed: true });
  });

  it.each([
    [{ pendingInvoices: 1 }, REFUSED_INVOICES],
    [{ pendingMelts: 1 }, REFUSED_IN_PROGRESS],
    [{ swapsInProgress: 1 }, REFUSED_IN_PROGRESS],
  ] as const)('never gives up %o, phrase checked or not', (changes, reason) => {
    expect(replaceVerdict(left(changes), true)).toEqual({ allowed: false, reason });
    expect(replaceVerdict(left({ ...changes, balances: balance }), true)).toEqual({
      allowed: false,
      reason,
    });
  });

  it('gives up dollars as it gives up sats: only with the phrase checked, which restores them', () => {
    const dollars = left({
      otherUnits: [{ mintUrl: 'https://mint.example', amount: { unit: 'usd', minor: 350 } }],
    });
    expect(replaceVerdict(dollars, false)).toEqual({ allowed: false, reason: REFUSED_BALANCE });
    expect(replaceVerdict(dollars, true)).toEqual({ allowed: true });
    expect(replaceVerdict(left({ otherUnits: [] }), false)).toEqual({ allowed: true });
  });
});
