// The rules of a remote sale's mint and lock: only an accepted mint, a link's mint only when the
// profile lists it, and an unlocked quote only where locking cannot be had and the merchant
// said yes.
import { describe, expect, it } from 'vitest';
import type { MerchantProfile } from './merchant-profile';
import {
  acceptedMintFor,
  chooseCashierMint,
  judgeQuoteLock,
  profileStillAccepts,
} from './sale-judgement';

const MINT = 'https://mint.shop.example';
const OLD = 'https://old.shop.example';
const EVIL = 'https://mint.evil.example';
const X = 'ab'.repeat(32);
const LOCK = `02${X}`;

function profile(overrides: Partial<MerchantProfile> = {}): MerchantProfile {
  return { mints: [MINT, OLD], relays: ['wss://relay.example'], ...overrides };
}

describe('acceptedMintFor', () => {
  it('matches an accepted mint whatever its spelling, and answers with the merchant’s', () => {
    expect(acceptedMintFor(`${OLD}/`, [MINT, OLD])).toBe(OLD);
    expect(acceptedMintFor('HTTPS://MINT.shop.example', [MINT])).toBe(MINT);
  });

  it('refuses every other mint, a look-alike path, and an empty name', () => {
    expect(acceptedMintFor(EVIL, [MINT, OLD])).toBeUndefined();
    expect(acceptedMintFor(`${MINT}/other`, [MINT])).toBeUndefined();
    expect(acceptedMintFor('', [MINT])).toBeUndefined();
    expect(acceptedMintFor(MINT, [])).toBeUndefined();
  });
});

describe('judgeQuoteLock', () => {
  const base = { lockPubkey: LOCK, locksNow: false, lockedBefore: false, acceptUnlocked: false };

  it('takes a quote locked to the merchant (02 or 03 of the same key) on any mint', () => {
    expect(judgeQuoteLock({ ...base, lock: LOCK, locksNow: true })).toEqual({ ok: true });
    expect(judgeQuoteLock({ ...base, lock: `03${X}` })).toEqual({ ok: true });
  });

  it('refuses a quote locked to another key, even with unlocked sales on', () => {
    const other = `02${'cd'.repeat(32)}`;
    expect(judgeQuoteLock({ ...base, lock: other, acceptUnlocked: true })).toMatchObject({
      ok: false,
      kind: 'other-key',
    });
  });

  it('refuses an unlocked quote from a mint that locks now or ever did, whatever the setting', () => {
    for (const mint of [{ locksNow: true }, { lockedBefore: true }]) {
      expect(
        judgeQuoteLock({ ...base, ...mint, lock: undefined, acceptUnlocked: true }),
      ).toMatchObject({ ok: false, kind: 'unlocked' });
    }
  });

  it('takes an unlocked quote from a mint that never locked only with the setting on', () => {
    expect(judgeQuoteLock({ ...base, lock: undefined })).toMatchObject({
      ok: false,
      kind: 'unlocked',
    });
    expect(judgeQuoteLock({ ...base, lock: undefined, acceptUnlocked: true })).toEqual({
      ok: true,
    });
  });
});

describe('chooseCashierMint', () => {
  it('sells on the link’s mint when the profile lists it', () => {
    expect(chooseCashierMint(profile(), `${OLD}/`)).toEqual({
      mintUrl: OLD,
      linkMintRefused: false,
      unlockedAllowed: false,
    });
  });

  it('never sells on a mint the profile does not list: the profile’s first instead, said so', () => {
    expect(chooseCashierMint(profile(), EVIL)).toEqual({
      mintUrl: MINT,
      linkMintRefused: true,
      unlockedAllowed: false,
    });
    expect(chooseCashierMint(profile(), undefined)).toMatchObject({
      mintUrl: MINT,
      linkMintRefused: false,
    });
  });

  it('cannot sell without a profile or with one that lists no mint', () => {
    expect(chooseCashierMint(undefined, MINT)).toBeUndefined();
    expect(chooseCashierMint(profile({ mints: [] }), MINT)).toBeUndefined();
  });

  it('allows an unlocked quote only on a mint the profile names for it', () => {
    const open = profile({ unlockedMints: [OLD] });
    expect(chooseCashierMint(open, OLD)?.unlockedAllowed).toBe(true);
    expect(chooseCashierMint(open, MINT)?.unlockedAllowed).toBe(false);
  });
});

describe('profileStillAccepts', () => {
  it('is true while a newer profile lists the mint, or none could be read', () => {
    expect(profileStillAccepts(profile(), `${MINT}/`)).toBe(true);
    expect(profileStillAccepts(undefined, MINT)).toBe(true);
    expect(profileStillAccepts(profile({ mints: [OLD] }), MINT)).toBe(false);
  });
});
