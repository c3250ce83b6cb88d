// Each check a till makes on ecash without its mint, on proofs a real dev mint signed: a token that
// passes, and for every check a token that fails it with its own reason.
import { describe, expect, it } from 'vitest';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { newWallet, startTestMint, type TestMint } from '../../../../../dev/mint/test-support';
import { devMints } from '../../../../testing/wallet/dev-mints';
import { asNewProofs, cachedKeysets, lockedProofs } from '../../../../testing/wallet/locked-ecash';
import type { NewProof } from '../../proof-ports';
import { checkOfflineEcash, REDEMPTION_WINDOW_MS, type OfflineCheckInput } from './offline-check';
import { OfflineRefusedError, type OfflineRefusal } from './offline-refusal';

const NOW = Date.UTC(2026, 10, 29, 12);
const nobody = () => false;

function newKey(): string {
  return bytesToHex(secp256k1.getPublicKey(secp256k1.utils.randomSecretKey(), true));
}

function refusal(run: () => unknown): OfflineRefusal['kind'] {
  try {
    run();
  } catch (error) {
    if (error instanceof OfflineRefusedError) return error.refusal.kind;
    throw error;
  }
  throw new Error('the check passed');
}

function flip(hex: string): string {
  return hex.slice(0, -1) + (hex.at(-1) === '0' ? '1' : '0');
}

describe('checkOfflineEcash', () => {
  let mint: TestMint;
  devMints(async () => [(mint = await startTestMint())]);
  const shop = newKey();

  async function setUp(options: Parameters<typeof lockedProofs>[3] = { pubkey: shop }) {
    const wallet = await newWallet(mint.url);
    const proofs = asNewProofs(await lockedProofs(wallet, mint, 21, options));
    const input: OfflineCheckInput = {
      proofs,
      unit: 'sat',
      keysets: cachedKeysets(wallet, mint.url),
      lockPubkey: shop,
      amount: 21,
      now: NOW,
    };
    return input;
  }

  it('takes proofs locked to the shop with valid DLEQs and counts them', async () => {
    const input = await setUp();
    expect(checkOfflineEcash(input, nobody)).toEqual({ paid: 21, fee: 0 });
  });

  it('refuses a proof whose DLEQ was altered, or that carries none', async () => {
    const input = await setUp();
    const [first, ...rest] = input.proofs as [NewProof, ...NewProof[]];
    const altered = { ...first, dleq: { ...first.dleq!, s: flip(first.dleq!.s) } };
    expect(refusal(() => checkOfflineEcash({ ...input, proofs: [...rest, altered] }, nobody))).toBe(
      'bad-dleq',
    );
    const { dleq: _dropped, ...bare } = first;
    expect(refusal(() => checkOfflineEcash({ ...input, proofs: [bare, ...rest] }, nobody))).toBe(
      'no-dleq',
    );
  });

  it('refuses a twenty-proof token with one forged DLEQ and names that proof', async () => {
    const wallet = await newWallet(mint.url);
    const proofs = asNewProofs(
      await lockedProofs(wallet, mint, 20, { pubkey: shop }, Array(20).fill(1)),
    );
    const input: OfflineCheckInput = {
      proofs,
      unit: 'sat',
      keysets: cachedKeysets(wallet, mint.url),
      lockPubkey: shop,
      amount: 20,
      now: NOW,
    };
    expect(checkOfflineEcash(input, nobody).paid).toBe(20);
    const forged = proofs.map((p, i) =>
      i === 12 ? { ...p, dleq: { ...p.dleq!, e: flip(p.dleq!.e) } } : p,
    );
    let refused: unknown;
    try {
      checkOfflineEcash({ ...input, proofs: forged }, nobody);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(OfflineRefusedError);
    expect((refused as OfflineRefusedError).refusal).toEqual({
      kind: 'bad-dleq',
      proof: 13,
      amount: 1,
    });
    expect((refused as OfflineRefusedError).message).toContain('proof 13 of this ecash');
  });

  it('refuses ecash locked to another key, or to the shop and another signer', async () => {
    const other = await setUp({ pubkey: newKey() });
    expect(refusal(() => checkOfflineEcash(other, nobody))).toBe('locked-elsewhere');
    const shared = await setUp({ pubkey: [shop, newKey()], requiredSignatures: 1 });
    expect(refusal(() => checkOfflineEcash(shared, nobody))).toBe('locked-elsewhere');
  });

  it('refuses ecash that is not locked at all', async () => {
    const wallet = await newWallet(mint.url);
    const { fund } = await import('../../../../../dev/mint/test-support');
    const plain = asNewProofs(await fund(wallet, mint, 21));
    const input = await setUp();
    expect(refusal(() => checkOfflineEcash({ ...input, proofs: plain }, nobody))).toBe(
      'not-locked',
    );
  });

  it('refuses a lock whose locktime opens within the redemption window, takes one after it', async () => {
    const soon = Math.floor((NOW + REDEMPTION_WINDOW_MS) / 1000) - 60;
    const early = await setUp({ pubkey: shop, locktime: soon, refundKeys: [newKey()] });
    expect(refusal(() => checkOfflineEcash(early, nobody))).toBe('refund-opens');
    const late = await setUp({ pubkey: shop, locktime: soon + 3600, refundKeys: [newKey()] });
    expect(checkOfflineEcash(late, nobody).paid).toBe(21);
  });

  it('refuses a keyset the till has not cached, or whose cached keys were altered', async () => {
    const input = await setUp();
    expect(refusal(() => checkOfflineEcash({ ...input, keysets: [] }, nobody))).toBe('no-keyset');
    const [keyset] = input.keysets.filter((k) => input.proofs.some((p) => p.id === k.id));
    const keys = { ...keyset!.keys, '1': keyset!.keys['2']! };
    expect(
      refusal(() => checkOfflineEcash({ ...input, keysets: [{ ...keyset!, keys }] }, nobody)),
    ).toBe('no-keyset');
  });

  it('refuses a keyset that expires before the window ends', async () => {
    const input = await setUp();
    const soon = Math.floor(NOW / 1000) + 3600;
    const keysets = input.keysets.map((k) => ({ ...k, finalExpiry: soon }));
    // The id no longer derives from the keys with the expiry (a v2 id covers it) or the expiry
    // itself is too close: either way the till does not take it.
    expect(['keyset-expires', 'no-keyset']).toContain(
      refusal(() => checkOfflineEcash({ ...input, keysets }, nobody)),
    );
  });

  it('refuses another unit', async () => {
    const input = await setUp();
    expect(refusal(() => checkOfflineEcash({ ...input, unit: 'usd' }, nobody))).toBe('wrong-unit');
    // A keyset of another unit: a v2 id covers the unit, a v1 id does not.
    const keysets = input.keysets.map((k) => ({ ...k, unit: 'usd' }));
    expect(['wrong-unit', 'no-keyset']).toContain(
      refusal(() => checkOfflineEcash({ ...input, keysets }, nobody)),
    );
  });

  it('refuses less than the sale after the fee', async () => {
    const input = await setUp();
    expect(refusal(() => checkOfflineEcash({ ...input, amount: 22 }, nobody))).toBe('short');
    const feeing = input.keysets.map((k) => ({ ...k, inputFeePpk: 1000 }));
    // A fee changes a v2 id; on a v1 id it is a figure the till uses as cached.
    expect(['short', 'no-keyset']).toContain(
      refusal(() => checkOfflineEcash({ ...input, keysets: feeing }, nobody)),
    );
  });

  it('refuses a proof taken before', async () => {
    const input = await setUp();
    const taken = new Set([input.proofs[0]!.secret]);
    expect(refusal(() => checkOfflineEcash(input, (s) => taken.has(s)))).toBe('taken-before');
  });
});
