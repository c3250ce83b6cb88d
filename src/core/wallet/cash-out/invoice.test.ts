// What the confirm step shows of an invoice: its description, description hash and payee node.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { encodeInvoice, randomPreimage } from '../../../../dev/mint/bolt11';
import { decodeInvoice } from './invoice';

describe('decodeInvoice', () => {
  it('gives the payee node key recovered from the signature, and the description', () => {
    const nodeKey = secp256k1.utils.randomSecretKey();
    const invoice = encodeInvoice({
      sats: 21,
      paymentHash: randomPreimage().paymentHash,
      description: 'Rent, March',
      expirySeconds: 600,
      nodeKey,
    });
    expect(decodeInvoice(invoice)).toMatchObject({
      amountSat: 21,
      description: 'Rent, March',
      descriptionHash: null,
      payee: bytesToHex(secp256k1.getPublicKey(nodeKey, true)),
    });
  });

  it('gives the description hash an LNURL invoice commits to', () => {
    const hash = new Uint8Array(32).fill(0xab);
    const invoice = encodeInvoice({
      sats: 5,
      paymentHash: randomPreimage().paymentHash,
      description: '',
      descriptionHash: hash,
      expirySeconds: 600,
      nodeKey: secp256k1.utils.randomSecretKey(),
    });
    expect(decodeInvoice(invoice)).toMatchObject({
      description: null,
      descriptionHash: bytesToHex(hash),
    });
  });
});
