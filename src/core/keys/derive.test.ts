// NIP-06 derivation and BIP-39 seed against published test vectors.
import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { keysFromPhrase, nip06Path, nostrSecretKeyFromSeed, seedFromPhrase } from './derive';

// https://github.com/nostr-protocol/nips/blob/master/06.md "Test vectors"
const NIP06_VECTORS = [
  {
    mnemonic: 'leader monkey parrot ring guide accident before fence cannon height naive bean',
    sk: '7f7ff03d123792d6ac594bfa67bf6d0c0ab55b6b1fdb6249303fe861f1ccba9a',
    pk: '17162c921dc4d2518f9a101db33695df1afb56ab82f5ff3e5da6eec3ca5cd917',
    npub: 'npub1zutzeysacnf9rru6zqwmxd54mud0k44tst6l70ja5mhv8jjumytsd2x7nu',
  },
  {
    mnemonic:
      'what bleak badge arrange retreat wolf trade produce cricket blur garlic valid proud rude strong choose busy staff weather area salt hollow arm fade',
    sk: 'c15d739894c81a2fcfd3a2df85a0d2c0dbc47a280d092799f144d73d7ae78add',
    pk: 'd41b22899549e1f3d335a31002cfd382174006e166d3e658e3a5eecdb6463573',
    npub: 'npub16sdj9zv4f8sl85e45vgq9n7nsgt5qphpvmf7vk8r5hhvmdjxx4es8rq74h',
  },
];

// BIP-39 reference vector with an EMPTY passphrase (the TREZOR-passphrase vectors are not ours).
const ABANDON_ABOUT = `${'abandon '.repeat(11)}about`;
const ABANDON_ABOUT_SEED =
  '5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc1' +
  '9a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4';

describe('keysFromPhrase (NIP-06)', () => {
  for (const vector of NIP06_VECTORS) {
    it(`derives the NIP-06 vector key for "${vector.mnemonic.slice(0, 20)}..."`, async () => {
      const { keypair, seed } = await keysFromPhrase(vector.mnemonic);
      expect(bytesToHex(keypair.sk)).toBe(vector.sk);
      expect(keypair.pk).toBe(vector.pk);
      expect(keypair.npub).toBe(vector.npub);
      expect(seed).toHaveLength(64);
    });
  }

  it('derives a different key for another account', async () => {
    const seed = await seedFromPhrase(NIP06_VECTORS[0]!.mnemonic);
    expect(bytesToHex(nostrSecretKeyFromSeed(seed, 0))).toBe(NIP06_VECTORS[0]!.sk);
    expect(bytesToHex(nostrSecretKeyFromSeed(seed, 1))).not.toBe(NIP06_VECTORS[0]!.sk);
  });

  it('uses the NIP-06 path with account 0 by default', () => {
    expect(nip06Path()).toBe("m/44'/1237'/0'/0/0");
    expect(nip06Path(3)).toBe("m/44'/1237'/3'/0/0");
    expect(() => nip06Path(-1)).toThrow(RangeError);
  });
});

describe('seedFromPhrase (BIP-39, empty passphrase)', () => {
  it('matches the BIP-39 reference seed', async () => {
    expect(bytesToHex(await seedFromPhrase(ABANDON_ABOUT))).toBe(ABANDON_ABOUT_SEED);
  });

  it('is 64 bytes and deterministic, ignoring stray whitespace and case', async () => {
    const a = await seedFromPhrase(NIP06_VECTORS[1]!.mnemonic);
    const b = await seedFromPhrase(`  ${NIP06_VECTORS[1]!.mnemonic.toUpperCase()}\n`);
    expect(a).toHaveLength(64);
    expect(bytesToHex(b)).toBe(bytesToHex(a));
  });
});
