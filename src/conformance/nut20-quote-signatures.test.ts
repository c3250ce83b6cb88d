// NUT-20 vectors: the dev mint's check of a locked quote's signature (the oracle our e2e and
// wallet tests trust), and the signing cashu-ts does for the app's locked mint requests.
import {
  Amount,
  signMintQuote,
  verifyMintQuoteSignature,
  type SerializedBlindedMessage,
} from '@cashu/cashu-ts';
import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { verifyQuoteSignature } from '../../dev/mint/minting';
import { lockPubkeyForNostrKey, signingKeyForQuote } from '../core/wallet/mint/nut20-key';
import vectors from './vectors/nut20-quote-signatures.json';

const wire = (outputs: { amount: number; id: string; B_: string }[]): SerializedBlindedMessage[] =>
  outputs.map((o) => ({ ...o, amount: Amount.from(o.amount) }));

describe('NUT-20 mint quote signatures', () => {
  const { pubkey, valid, invalid, messageBytes } = vectors;

  it('the message of the valid request is the quote id followed by every B_', () => {
    const message = valid.quote + valid.outputs.map((o) => o.B_).join('');
    expect([...new TextEncoder().encode(message)]).toEqual(messageBytes);
  });

  it('the dev mint accepts the valid signature', () => {
    expect(verifyQuoteSignature(pubkey, valid.quote, valid.outputs, valid.signature)).toBe(true);
  });

  it('the dev mint refuses the invalid signature', () => {
    expect(verifyQuoteSignature(pubkey, invalid.quote, invalid.outputs, invalid.signature)).toBe(
      false,
    );
  });

  it('the dev mint refuses the valid signature over other outputs', () => {
    const outputs = valid.outputs.slice(1);
    expect(verifyQuoteSignature(pubkey, valid.quote, outputs, valid.signature)).toBe(false);
  });

  it('cashu-ts verifies the vectors as the spec says', () => {
    expect(
      verifyMintQuoteSignature(pubkey, valid.quote, wire(valid.outputs), valid.signature),
    ).toBe(true);
    expect(
      verifyMintQuoteSignature(pubkey, invalid.quote, wire(invalid.outputs), invalid.signature),
    ).toBe(false);
  });

  it('what cashu-ts signs with the key our nostr-key helper picks, the dev mint accepts', () => {
    // A nostr key whose full pubkey has odd y: '02'+x names the negated key, which
    // signingKeyForQuote must hand to cashu-ts instead.
    let secret = sha256(new TextEncoder().encode('cashew conformance nut-20'));
    while (bytesToHex(secp256k1.getPublicKey(secret, true)).startsWith('02'))
      secret = sha256(secret);
    const quotePubkey = lockPubkeyForNostrKey(bytesToHex(schnorr.getPublicKey(secret)));
    const key = signingKeyForQuote(quotePubkey, secret);
    expect(key).not.toBe(bytesToHex(secret));
    const signature = signMintQuote(key, valid.quote, wire(valid.outputs));
    expect(verifyQuoteSignature(quotePubkey, valid.quote, valid.outputs, signature)).toBe(true);
    expect(verifyQuoteSignature(pubkey, valid.quote, valid.outputs, signature)).toBe(false);
  });
});
