// NIP-06 key derivation and NIP-19 npub/nsec through core/keys, the functions onboarding,
// restore and the connect screen call.
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { decode, nsecEncode } from 'nostr-tools/nip19';
import { describe, expect, it } from 'vitest';
import { keysFromPhrase } from '../core/keys/derive';
import { decodeNpub, encodeNpub, isValidNpub, keypairFromSecretKey } from '../core/keys/keypair';
import nip06 from './vectors/nip06-keys.json';
import nip19 from './vectors/nip19-keys.json';

describe('NIP-06 keys from a phrase', () => {
  it.each(nip06.cases.map((c) => [c.mnemonic.split(' ').length, c] as const))(
    'derives the %i-word vector secret key, public key and npub',
    async (_words, c) => {
      const { keypair } = await keysFromPhrase(c.mnemonic);
      expect(bytesToHex(keypair.sk)).toBe(c.privateKeyHex);
      expect(keypair.pk).toBe(c.publicKeyHex);
      expect(keypair.npub).toBe(c.npub);
      expect(nsecEncode(keypair.sk)).toBe(c.nsec);
    },
  );

  it('tolerates the extra spaces and capitals a user types', async () => {
    const c = nip06.cases[0]!;
    const typed = `  ${c.mnemonic.toUpperCase().split(' ').join('   ')} `;
    expect((await keysFromPhrase(typed)).keypair.pk).toBe(c.publicKeyHex);
  });
});

describe('NIP-19 npub', () => {
  const all = [...nip19.npub, ...nip06.cases.map((c) => ({ hex: c.publicKeyHex, npub: c.npub }))];

  it.each(all.map((v) => [v.npub, v.hex] as const))('%s <-> %s', (npub, hex) => {
    expect(encodeNpub(hex)).toBe(npub);
    expect(decodeNpub(npub)).toBe(hex);
    expect(isValidNpub(npub)).toBe(true);
  });

  it('refuses an npub with a changed character (bech32 checksum)', () => {
    const npub = nip19.npub[0]!.npub;
    const changed = npub.slice(0, 10) + (npub[10] === 'q' ? 'p' : 'q') + npub.slice(11);
    expect(isValidNpub(changed)).toBe(false);
    expect(() => decodeNpub(changed)).toThrow(/not valid bech32/);
  });

  it('refuses an nsec where an npub is expected', () => {
    expect(isValidNpub(nip19.nsec[0]!.nsec)).toBe(false);
  });
});

describe('NIP-19 nsec', () => {
  it.each([...nip19.nsec, ...nip06.cases.map((c) => ({ hex: c.privateKeyHex, nsec: c.nsec }))])(
    '$nsec <-> $hex, and its keypair is consistent',
    ({ hex, nsec }) => {
      expect(nsecEncode(hexToBytes(hex))).toBe(nsec);
      const decoded = decode(nsec);
      expect(decoded.type).toBe('nsec');
      expect(bytesToHex(decoded.data as Uint8Array)).toBe(hex);
      const keypair = keypairFromSecretKey(hexToBytes(hex));
      expect(decodeNpub(keypair.npub)).toBe(keypair.pk);
    },
  );
});
