// The simulated invoices must read as real BOLT11: amount in the prefix, valid checksum, node signature.
import { describe, expect, it } from 'vitest';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { getSatoshisAmountFromBolt11 } from 'nostr-tools/nip57';
import { bech32 } from '@scure/base';
import { decodeInvoice, encodeInvoice, randomPreimage } from './bolt11.ts';

/** 5-bit words as bytes, zero-padded: written apart from the encoder's, as a check of it. */
function bitsPadded(words: number[]): number[] {
  const bits = words.map((w) => w.toString(2).padStart(5, '0')).join('');
  const padded = bits.padEnd(Math.ceil(bits.length / 8) * 8, '0');
  return padded.match(/.{8}/g)!.map((byte) => parseInt(byte, 2));
}

const nodeKey = secp256k1.utils.randomSecretKey();

function invoice(sats: number) {
  const { paymentHash } = randomPreimage();
  return {
    paymentHash,
    request: encodeInvoice({
      sats,
      paymentHash,
      description: 'coffee',
      expirySeconds: 3600,
      nodeKey,
    }),
  };
}

describe('BOLT11 invoices of the dev mint', () => {
  it.each([1, 21, 100, 1_000, 2_500, 150_000, 100_000_000])(
    'carries %i sat in the human-readable part',
    (sats) => {
      const { request } = invoice(sats);
      expect(request.startsWith('lnbc')).toBe(true);
      expect(getSatoshisAmountFromBolt11(request)).toBe(sats);
      expect(decodeInvoice(request)?.amountSat).toBe(sats);
    },
  );

  it('has a valid bech32 checksum and the payment hash it was made with', () => {
    const { request, paymentHash } = invoice(42);
    expect(bech32.decodeUnsafe(request, false)).toBeDefined();
    expect(decodeInvoice(request)?.paymentHash).toBe(bytesToHex(paymentHash));
    const altered = request.slice(0, -1) + (request.endsWith('q') ? 'p' : 'q');
    expect(bech32.decodeUnsafe(altered, false)).toBeUndefined();
  });

  it('is signed by the node key (the signature recovers its public key)', () => {
    const { request } = invoice(42);
    const decoded = bech32.decode(request as `${string}1${string}`, false);
    const data = decoded.words.slice(0, -104);
    const sigBytes = bech32.fromWords(decoded.words.slice(-104));
    const digest = sha256(
      new Uint8Array([...new TextEncoder().encode(decoded.prefix), ...bitsPadded(data)]),
    );
    const recovered = new Uint8Array([sigBytes[64]!, ...sigBytes.subarray(0, 64)]);
    const pubkey = secp256k1.recoverPublicKey(recovered, digest, { prehash: false });
    expect(bytesToHex(pubkey)).toBe(bytesToHex(secp256k1.getPublicKey(nodeKey, true)));
  });

  it('decodes other invoices leniently and rejects what is not an invoice', () => {
    expect(decodeInvoice('lnbc10u1qqqqqqqqqqqqqqqqqqqqqqqqqqqq')?.amountSat).toBe(1000);
    expect(decodeInvoice('LIGHTNING:LNBC2500N1QQQQQQQQQQQQQQQQQQQQQQQ')?.amountSat).toBe(250);
    expect(decodeInvoice('lnbc1qqqqqqqqqqqqqqqqqqqqqqqqqqqq')?.amountSat).toBeNull();
    expect(decodeInvoice('hello')).toBeNull();
  });
});
