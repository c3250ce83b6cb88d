// NUT-13 vectors through the path the app mints with: the phrase's seed (core/keys seedFromPhrase)
// and mintReserved building the outputs of a reserved counter range (core/wallet/deterministic-mint).
import { getKeysetIdInt, type Keyset, type OutputData, type Wallet } from '@cashu/cashu-ts';
import { describe, expect, it } from 'vitest';
import { seedFromPhrase } from '../core/keys/derive';
import { mintReserved } from '../core/wallet/mint/deterministic-mint';
import nut01 from './vectors/nut01-keysets.json';
import vectors from './vectors/nut13-secrets.json';

/** The parts of a cashu-ts Wallet mintReserved touches; captures the outputs it builds. */
function capturingWallet(keysetId: string) {
  const captured: OutputData[][] = [];
  const keyset = { id: keysetId, unit: 'sat', keys: nut01.valid[1]!.keys } as unknown as Keyset;
  const wallet = {
    keyChain: { ensureKeysetKeys: async () => keyset },
    prepareMint: async (...args: unknown[]) => {
      const output = args[4] as { type: string; data: OutputData[] };
      expect(output.type).toBe('custom');
      captured.push(output.data);
      return {};
    },
    completeMint: async () => [],
  } as unknown as Wallet;
  return { wallet, captured };
}

async function derivedOutputs(
  mnemonic: string,
  keysetId: string,
  start: number,
  amount: number,
  count: number,
) {
  const { wallet, captured } = capturingWallet(keysetId);
  const seed = await seedFromPhrase(mnemonic);
  await mintReserved(wallet, seed, {
    quote: 'q',
    amount,
    reservation: { keysetId, start, count },
  });
  return captured[0]!.map((o) => ({
    secret: new TextDecoder().decode(o.secret),
    r: o.blindingFactor.toString(16).padStart(64, '0'),
  }));
}

describe('NUT-13 keyset id integer', () => {
  it('maps the version 00 id to the vector integer and path', () => {
    const { keysetId, int, derivationPath } = vectors.keysetIdInt;
    expect(Number(getKeysetIdInt(keysetId))).toBe(int);
    expect(derivationPath).toBe(`m/129372'/0'/${int}'/{counter}'`);
  });
});

describe.each([
  ['version 00 (BIP-32 path)', vectors.version00],
  ['version 01 (keyed hash)', vectors.version01],
])('NUT-13 %s', (_name, v) => {
  it('derives the vector secrets and blinding factors for counters 0..4', async () => {
    // 31 sat = 1+2+4+8+16: five outputs, one counter each.
    const outputs = await derivedOutputs(v.mnemonic, v.keysetId, 0, 31, 5);
    expect(outputs.map((o) => o.secret)).toEqual(v.secrets);
    expect(outputs.map((o) => o.r)).toEqual(v.r);
  });

  it('starts at the reserved counter, not at zero', async () => {
    // 7 sat = 1+2+4: three outputs on counters 2, 3 and 4.
    const outputs = await derivedOutputs(v.mnemonic, v.keysetId, 2, 7, 3);
    expect(outputs.map((o) => o.secret)).toEqual(v.secrets.slice(2, 5));
    expect(outputs.map((o) => o.r)).toEqual(v.r.slice(2, 5));
  });

  it('gives other secrets for another phrase', async () => {
    const outputs = await derivedOutputs(
      'leader monkey parrot ring guide accident before fence cannon height naive bean',
      v.keysetId,
      0,
      1,
      1,
    );
    expect(outputs[0]!.secret).not.toBe(v.secrets[0]);
  });
});

describe('NUT-13 version 00 derivation paths', () => {
  it('lists the hardened path for each counter', () => {
    vectors.version00.paths.forEach((path, counter) => {
      expect(path).toBe(`m/129372'/0'/${vectors.keysetIdInt.int}'/${counter}'`);
    });
  });
});
