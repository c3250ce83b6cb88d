// The simulated invoices must read as real BOLT11: amount in the prefix, valid checksum, node signature.
import { describe, expect, it } from 'vitest';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { getSatoshisAmountFromBolt11 } from 'nostr-tools/nip57';
import { bech32Decode, convertBits } from './bech32.ts';
import { decodeInvoice, encodeInvoice, randomPreimage } from './bolt11.ts';

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
    expect(bech32Decode(request)).not.toBeNull();
    expect(decodeInvoice(request)?.paymentHash).toBe(bytesToHex(paymentHash));
    expect(bech32Decode(request.slice(0, -1) + (request.endsWith('q') ? 'p' : 'q'))).toBeNull();
  });

  it('is signed by the node key (the signature recovers its public key)', () => {
    const { request } = invoice(42);
    const decoded = bech32Decode(request)!;
    const data = decoded.words.slice(0, -104);
    const sigBytes = Uint8Array.from(convertBits(decoded.words.slice(-104), 5, 8, false));
    const digest = sha256(
      new Uint8Array([...new TextEncoder().encode(decoded.hrp), ...convertBits(data, 5, 8, true)]),
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
