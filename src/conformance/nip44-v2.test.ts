// NIP-44 v2 official vectors against the nostr-tools module our gift wraps encrypt with, and a
// check that the wraps our code makes are NIP-44 v2 payloads of the vector-pinned shape.
import { hexToBytes, bytesToHex } from '@noble/hashes/utils.js';
import { sha256 } from '@noble/hashes/sha2.js';
import * as nip44 from 'nostr-tools/nip44';
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { describe, expect, it } from 'vitest';
import { InvalidPaymentMessageError } from '../core/errors';
import { MAX_PAYMENT_MESSAGE_BYTES } from '../core/remote-payments/constants';
import { wrapPaymentMessage } from '../core/remote-payments/gift-wrap';
import { parsePaymentMessage } from '../core/remote-payments/payment-message';
import file from './vectors/nip44-v2.json';

const { valid, invalid } = file.vectors.v2;
const { v2 } = nip44;

describe('NIP-44 v2 valid vectors', () => {
  it.each(valid.get_conversation_key.map((v, i) => [i, v] as const))(
    'conversation key %i',
    (_i, v) => {
      expect(bytesToHex(v2.utils.getConversationKey(hexToBytes(v.sec1), v.pub2))).toBe(
        v.conversation_key,
      );
    },
  );

  it.each(valid.calc_padded_len.map(([len, padded]) => [len!, padded!] as const))(
    'pads a %i-byte message to %i bytes',
    (len, padded) => {
      expect(v2.utils.calcPaddedLen(len)).toBe(padded);
    },
  );

  it.each(valid.encrypt_decrypt.map((v, i) => [i, v] as const))(
    'encrypts and decrypts case %i exactly',
    (_i, v) => {
      const key = v2.utils.getConversationKey(hexToBytes(v.sec1), getPublicKey(hexToBytes(v.sec2)));
      expect(bytesToHex(key)).toBe(v.conversation_key);
      expect(v2.encrypt(v.plaintext, key, hexToBytes(v.nonce))).toBe(v.payload);
      expect(v2.decrypt(v.payload, key)).toBe(v.plaintext);
    },
  );

  it.each(valid.encrypt_decrypt_long_msg.map((v, i) => [i, v] as const))(
    'encrypts a long message %i to the vector payload hash',
    (_i, v) => {
      const plaintext = v.pattern.repeat(v.repeat);
      expect(bytesToHex(sha256(new TextEncoder().encode(plaintext)))).toBe(v.plaintext_sha256);
      const payload = v2.encrypt(plaintext, hexToBytes(v.conversation_key), hexToBytes(v.nonce));
      expect(bytesToHex(sha256(new TextEncoder().encode(payload)))).toBe(v.payload_sha256);
      expect(v2.decrypt(payload, hexToBytes(v.conversation_key))).toBe(plaintext);
    },
  );
});

describe('NIP-44 v2 invalid vectors', () => {
  // The vector file (2023) lists 0, 65536, 100000 and 10000000 bytes as invalid. NIP-44 has since
  // been amended (nostr-protocol/nips#1907) to allow up to 2^32-1 bytes with a 6-byte length
  // prefix, and nostr-tools follows the amendment: only the lower limit still holds. Our own limit
  // on a payment message is far lower (see the remote-payments message check).
  const [tooShort, ...amended] = invalid.encrypt_msg_lengths;

  it(`refuses to encrypt a ${tooShort}-byte message`, () => {
    const key = hexToBytes(valid.encrypt_decrypt[0]!.conversation_key);
    expect(() => v2.encrypt('a'.repeat(tooShort!), key)).toThrow(/invalid plaintext size/);
  });

  it.each(amended.filter((length) => length <= 100_000))(
    'encrypts a %i-byte message with the amended extended length prefix',
    (length) => {
      const key = hexToBytes(valid.encrypt_decrypt[0]!.conversation_key);
      const payload = v2.encrypt('a'.repeat(length), key);
      const raw = Uint8Array.from(atob(payload), (c) => c.charCodeAt(0));
      // 1 version + 32 nonce + 6 prefix (0x0000 + u32 length) + padded + 32 mac
      expect(raw.length).toBe(1 + 32 + 6 + v2.utils.calcPaddedLen(length) + 32);
      expect(v2.decrypt(payload, key)).toHaveLength(length);
    },
  );

  it('the payment message check refuses content over 8 KB, long before any NIP-44 limit', () => {
    expect(() =>
      parsePaymentMessage('x'.repeat(MAX_PAYMENT_MESSAGE_BYTES + 1), {
        currentMintUrl: 'http://m',
      }),
    ).toThrow(InvalidPaymentMessageError);
  });

  it.each(invalid.get_conversation_key.map((v) => [v.note, v] as const))(
    'refuses a conversation key: %s',
    (_note, v) => {
      expect(() => v2.utils.getConversationKey(hexToBytes(v.sec1), v.pub2)).toThrow();
    },
  );

  it.each(invalid.decrypt.map((v) => [v.note, v] as const))(
    'refuses to decrypt: %s',
    (_note, v) => {
      expect(() => v2.decrypt(v.payload, hexToBytes(v.conversation_key))).toThrow();
    },
  );
});

describe('our gift wraps use NIP-44 v2', () => {
  it('the wrap content is a v2 payload the recipient opens with the vector-pinned functions', () => {
    const recipient = generateSecretKey();
    const wrap = wrapPaymentMessage({
      senderSecretKey: generateSecretKey(),
      recipientPubkeyHex: getPublicKey(recipient),
      message: { quote: 'q1', amount: 21, request: 'lnbc210n1p', unit: 'sat', mint: 'http://m' },
    });
    const raw = Uint8Array.from(atob(wrap.content), (c) => c.charCodeAt(0));
    expect(raw[0]).toBe(2);
    // version byte + 32-byte nonce + padded ciphertext (2-byte length prefix) + 32-byte MAC
    const seal = v2.decrypt(wrap.content, v2.utils.getConversationKey(recipient, wrap.pubkey));
    const padded = raw.length - 1 - 32 - 32;
    expect(padded).toBe(v2.utils.calcPaddedLen(new TextEncoder().encode(seal).length) + 2);
    expect(JSON.parse(seal).kind).toBe(13);
  });
});
