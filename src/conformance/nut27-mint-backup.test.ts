// NUT-27 vectors (vectors/nut27-mint-backup.json, from cashubtc/nuts) against core/backup/nut27.ts,
// and the event shape of 27.md: a list written by code that follows the spec alone is read, and
// the app's own list is read by that code.
import { bytesToHex } from '@noble/hashes/utils.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { mnemonicToSeedSync } from '@scure/bip39';
import * as nip44 from 'nostr-tools/nip44';
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { describe, expect, it } from 'vitest';
import {
  mintBackupEvent,
  mintBackupFilter,
  mintBackupKeys,
  newestMintBackup,
  readMintBackup,
} from '../core/backup/nut27';
import file from './vectors/nut27-mint-backup.json';

/** The spec's example implementation, written from 27.md without the app's code. */
function specKeys(mnemonic: string) {
  const seed = mnemonicToSeedSync(mnemonic);
  const domain = new TextEncoder().encode('cashu-mint-backup');
  const combined = new Uint8Array(seed.length + domain.length);
  combined.set(seed);
  combined.set(domain, seed.length);
  const secret = sha256(combined);
  return { secret, pub: getPublicKey(secret) };
}

function specEvent(mnemonic: string, mints: string[], createdAt: number) {
  const { secret, pub } = specKeys(mnemonic);
  const key = nip44.v2.utils.getConversationKey(secret, pub);
  return finalizeEvent(
    {
      kind: file.event.kind,
      created_at: createdAt,
      tags: file.event.tags,
      content: nip44.v2.encrypt(JSON.stringify({ mints, timestamp: createdAt }), key),
    },
    secret,
  );
}

const vector = file.keys[0]!;

describe('NUT-27 key derivation vector', () => {
  it('derives the vector secret and public key from the mnemonic', () => {
    const keys = mintBackupKeys(mnemonicToSeedSync(vector.mnemonic));
    expect(bytesToHex(keys.secretKey)).toBe(vector.secretKey);
    expect(keys.publicKey).toBe(vector.publicKey);
  });
});

describe('NUT-27 mint-list event', () => {
  const seed = mnemonicToSeedSync(vector.mnemonic);
  const keys = mintBackupKeys(seed);
  const mints = file.event.plaintext.mints;

  it('is kind 30078 with d "mint-list", by the derived key, and its content decrypts as 27.md says', () => {
    const event = mintBackupEvent(keys, mints, 1703721600);
    expect(event.kind).toBe(30078);
    expect(event.pubkey).toBe(vector.publicKey);
    expect(event.tags).toContainEqual(['d', 'mint-list']);
    const { secret, pub } = specKeys(vector.mnemonic);
    const plain = nip44.v2.decrypt(event.content, nip44.v2.utils.getConversationKey(secret, pub));
    expect(JSON.parse(plain)).toEqual(file.event.plaintext);
    expect(mintBackupFilter(keys)).toEqual({
      kinds: [30078],
      authors: [vector.publicKey],
      '#d': ['mint-list'],
    });
  });

  it('reads a list another NUT-27 wallet wrote from the same phrase', () => {
    expect(readMintBackup(keys, specEvent(vector.mnemonic, mints, 1703721600))).toEqual(mints);
  });

  it('takes the newest of several relays’ copies', () => {
    const older = specEvent(vector.mnemonic, ['https://old.example.com'], 100);
    const newer = specEvent(vector.mnemonic, mints, 200);
    expect(newestMintBackup(keys, [newer, older])).toEqual(mints);
    expect(newestMintBackup(keys, [older, newer])).toEqual(mints);
  });

  it('ignores an event of another key, a tampered event and entries that are not mint URLs', () => {
    const stranger = generateSecretKey();
    const foreign = finalizeEvent(
      { kind: 30078, created_at: 1, tags: [['d', 'mint-list']], content: 'x' },
      stranger,
    );
    expect(readMintBackup(keys, foreign)).toBeUndefined();
    // Through JSON, as a relay sends it (nostr-tools remembers a verified object).
    const tampered = {
      ...JSON.parse(JSON.stringify(specEvent(vector.mnemonic, mints, 5))),
      created_at: 6,
    };
    expect(readMintBackup(keys, tampered)).toBeUndefined();
    const odd = specEvent(vector.mnemonic, ['javascript:alert(1)', 42, mints[0]!] as never, 7);
    expect(readMintBackup(keys, odd)).toEqual([mints[0]]);
  });
});
