// Pairing proofs, receipts and the merchant profile: what a stranger, a relay or a reset link can and cannot do.
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { describe, expect, it } from 'vitest';
import { InvalidPaymentMessageError } from '../errors';
import {
  merchantProfileTemplate,
  newestEvent,
  parseMerchantProfile,
  MERCHANT_PROFILE_KIND,
} from './merchant-profile';
import {
  decodePairingSecret,
  encodePairingSecret,
  hasPairingSignature,
  hasValidPairing,
  newPairingSecret,
  pairingId,
  pairingKey,
  provePairing,
} from './pairing';
import { parsePaymentMessage, serializePaymentMessage } from './payment-message';
import { parseReceipt, readReceiptEvent, serializeReceipt, wrapReceipt } from './receipt-message';
import {
  FIXTURE_MINT,
  paymentMessageFixture,
} from '../../testing/remote-payments/payment-message-fixture';

const context = { currentMintUrl: FIXTURE_MINT };

describe('pairing secret', () => {
  it('round-trips through its link text and refuses anything not 32 bytes', () => {
    const secret = newPairingSecret();
    const text = encodePairingSecret(secret);
    expect(text).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(decodePairingSecret(text)).toEqual(secret);
    expect(decodePairingSecret(text.slice(0, 40))).toBeUndefined();
    expect(decodePairingSecret('not base64 !')).toBeUndefined();
    expect(decodePairingSecret('')).toBeUndefined();
  });
});

describe('pairing proof', () => {
  const secret = newPairingSecret();
  const message = paymentMessageFixture({ receipt: 'ab'.repeat(32) });
  const paired = { ...message, pairing: provePairing(secret, message) };

  it('passes for the secret that made it, after travelling as message text', () => {
    const received = parsePaymentMessage(serializePaymentMessage(paired), context);
    expect(received.pairing?.id).toBe(pairingId(secret));
    expect(hasValidPairing(secret, received)).toBe(true);
  });

  it('fails for another secret (a reset link) and for no proof (a stranger)', () => {
    expect(hasValidPairing(newPairingSecret(), paired)).toBe(false);
    expect(hasValidPairing(secret, message)).toBe(false);
  });

  it.each([
    ['amount', { amount: 101 }],
    ['quote', { quote: 'quote-2' }],
    ['request', { request: 'lnbc1u1pother' }],
    ['mint', { mint: 'http://127.0.0.1:9999' }],
    ['lock pubkey', { pubkey: `02${'cd'.repeat(32)}` }],
    ['expiry', { expiry: 1 }],
    ['receipt key', { receipt: 'ef'.repeat(32) }],
  ])('fails when a relay alters the %s', (_field, change) => {
    expect(hasValidPairing(secret, { ...paired, ...change })).toBe(false);
  });

  it.each([
    [{ id: 'xyz', mac: 'ab'.repeat(32) }],
    [{ id: 'ab'.repeat(8), mac: 'short' }],
    ['a string'],
    [null],
  ])('refuses a malformed proof %j as an invalid message', (pairing) => {
    const text = JSON.stringify({ ...message, pairing });
    expect(() => parsePaymentMessage(text, context)).toThrow(InvalidPaymentMessageError);
  });

  it('refuses a malformed receipt key', () => {
    const text = JSON.stringify({ ...message, receipt: 'ZZ' });
    expect(() => parsePaymentMessage(text, context)).toThrow('malformed receipt pubkey');
  });
});

describe('pairing proof over the cashier’s fiat record (decision 0046)', () => {
  const secret = newPairingSecret();
  const fiat = { currency: 'USD', price: 100_000, value: 0.1, time: 1_700_000_000_000 };
  const message = paymentMessageFixture({ receipt: 'ab'.repeat(32), fiat });
  const paired = { ...message, pairing: provePairing(secret, message, true) };

  it('covers the record after travelling as message text, MAC and signature alike', () => {
    const received = parsePaymentMessage(serializePaymentMessage(paired), context);
    expect(received.fiat).toEqual(fiat);
    expect(hasValidPairing(secret, received)).toBe(true);
    expect(hasPairingSignature(pairingKey(secret), received)).toBe(true);
  });

  it.each([
    ['currency', { ...fiat, currency: 'EUR' }],
    ['price', { ...fiat, price: 90_000 }],
    ['value', { ...fiat, value: 0.09 }],
    ['time', { ...fiat, time: fiat.time + 1 }],
  ])('fails when a relay alters its %s, or drops or adds it', (_field, altered) => {
    expect(hasValidPairing(secret, { ...paired, fiat: altered })).toBe(false);
    expect(hasPairingSignature(pairingKey(secret), { ...paired, fiat: altered })).toBe(false);
    const { fiat: _dropped, ...without } = paired;
    expect(hasValidPairing(secret, without)).toBe(false);
    const plain = paymentMessageFixture();
    const plainProof = { ...plain, pairing: provePairing(secret, plain) };
    expect(hasValidPairing(secret, { ...plainProof, fiat })).toBe(false);
  });

  it('proves a message without one exactly as before (older cashiers)', () => {
    const plain = paymentMessageFixture({ receipt: 'ab'.repeat(32) });
    // The proven fields as they were before any optional part (docs/protocol.md "Pairing").
    const { quote, amount, request, unit, mint, receipt } = plain;
    const fields = [
      'cashew-pos/payment/1',
      quote,
      amount,
      request,
      unit,
      mint,
      null,
      null,
      receipt,
    ];
    const mac = bytesToHex(hmac(sha256, secret, new TextEncoder().encode(JSON.stringify(fields))));
    expect(provePairing(secret, plain).mac).toBe(mac);
    const old = JSON.stringify({ ...plain, pairing: { id: pairingId(secret), mac } });
    expect(hasValidPairing(secret, parsePaymentMessage(old, context))).toBe(true);
  });
});

describe('pairing signature (a locked till checks it, decision 0030 point 7)', () => {
  const secret = newPairingSecret();
  const message = paymentMessageFixture({ receipt: 'ab'.repeat(32) });
  const signed = { ...message, pairing: provePairing(secret, message, true) };

  it('passes against the link’s pairing key after travelling as text, the MAC as well', () => {
    const received = parsePaymentMessage(serializePaymentMessage(signed), context);
    expect(received.pairing?.sig).toMatch(/^[0-9a-f]{128}$/);
    expect(hasPairingSignature(pairingKey(secret), received)).toBe(true);
    expect(hasValidPairing(secret, received)).toBe(true);
  });

  it('fails for another link’s key, a proof without one, and a changed field', () => {
    expect(hasPairingSignature(pairingKey(newPairingSecret()), signed)).toBe(false);
    const unsigned = { ...message, pairing: provePairing(secret, message) };
    expect(hasPairingSignature(pairingKey(secret), unsigned)).toBe(false);
    expect(hasPairingSignature(pairingKey(secret), { ...signed, amount: 2_100 })).toBe(false);
    expect(hasPairingSignature(pairingKey(secret), { ...signed, receipt: 'cd'.repeat(32) })).toBe(
      false,
    );
  });

  it('tells nothing of the secret: the key is neither the secret nor its id', () => {
    const key = pairingKey(secret);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(key).not.toContain(Buffer.from(secret).toString('hex'));
    expect(key.startsWith(pairingId(secret))).toBe(false);
  });

  it('refuses a malformed signature', () => {
    const text = serializePaymentMessage(signed).replace(signed.pairing.sig!, 'zz');
    expect(() => parsePaymentMessage(text, context)).toThrow(InvalidPaymentMessageError);
  });
});

describe('receipt', () => {
  const merchantKey = generateSecretKey();
  const receiptKey = generateSecretKey();
  const receipt = { quote: 'quote-1', amount: 21, time: 1_767_225_600 };

  it('reaches the cashier from the merchant with its figures', () => {
    const event = wrapReceipt({
      merchantSecretKey: merchantKey,
      receiptPubkeyHex: getPublicKey(receiptKey),
      receipt,
    });
    expect(readReceiptEvent(event, receiptKey, getPublicKey(merchantKey))).toEqual(receipt);
  });

  it('is refused when someone other than the merchant sends it', () => {
    const event = wrapReceipt({
      merchantSecretKey: generateSecretKey(),
      receiptPubkeyHex: getPublicKey(receiptKey),
      receipt,
    });
    expect(() => readReceiptEvent(event, receiptKey, getPublicKey(merchantKey))).toThrow(
      'not sent by the merchant',
    );
  });

  it('names a fiat sale’s unit; a sat receipt is sent as before units, read as sats', () => {
    expect(serializeReceipt(receipt)).toBe(
      '{"type":"receipt","quote":"quote-1","amount":21,"time":1767225600}',
    );
    expect(serializeReceipt({ ...receipt, unit: 'sat' })).toBe(serializeReceipt(receipt));
    const usd = { ...receipt, amount: 250, unit: 'usd' as const };
    expect(parseReceipt(serializeReceipt(usd))).toEqual(usd);
    expect(parseReceipt('{"type":"receipt","quote":"q","amount":1,"time":1,"unit":"sat"}')).toEqual(
      { quote: 'q', amount: 1, time: 1 },
    );
  });

  it('changes a unit under the pairing proof: the proof of a sat message fails for usd', () => {
    const secret = newPairingSecret();
    const message = paymentMessageFixture({ amount: 250 });
    const pairing = provePairing(secret, message);
    expect(hasValidPairing(secret, { ...message, pairing })).toBe(true);
    expect(hasValidPairing(secret, { ...message, unit: 'usd', pairing })).toBe(false);
  });

  it.each([
    ['{"type":"receipt","quote":"q","amount":1,"time":1,"unit":"msat"}'],
    ['{"type":"receipt","quote":"q","amount":1,"time":1,"unit":7}'],
    ['{"type":"receipt","quote":"q","amount":0,"time":1}'],
    ['{"type":"payment","quote":"q","amount":1,"time":1}'],
    ['{"type":"receipt","quote":"","amount":1,"time":1}'],
    ['{"type":"receipt","quote":"q","amount":1}'],
    ['[]'],
    ['nope'],
  ])('refuses malformed content %s', (content) => {
    expect(() => parseReceipt(content)).toThrow(InvalidPaymentMessageError);
  });
});

describe('merchant profile', () => {
  const profile = {
    mints: ['https://mint.example'],
    relays: ['wss://relay.example'],
    pubkey: `02${'ab'.repeat(32)}`,
    pairingId: 'ab'.repeat(8),
  };

  function event(tags: string[][], created_at = 1) {
    return {
      kind: MERCHANT_PROFILE_KIND,
      tags,
      content: '',
      created_at,
      pubkey: '',
      id: '',
      sig: '',
    };
  }

  it('round-trips through a kind 10019 event', () => {
    const template = merchantProfileTemplate(profile, 5);
    expect(template.kind).toBe(10019);
    expect(parseMerchantProfile(event(template.tags, 5))).toEqual(profile);
  });

  it('names the sales inbox key and the pairing key, and skips malformed ones', () => {
    const withInbox = { ...profile, inbox: 'cd'.repeat(32), pairingKey: 'ef'.repeat(32) };
    const template = merchantProfileTemplate(withInbox, 5);
    expect(parseMerchantProfile(event(template.tags, 5))).toEqual(withInbox);
    const bad = event([
      ['cashew-inbox', `02${'cd'.repeat(32)}`],
      ['cashew-pairing-key', 'XY'],
    ]);
    expect(parseMerchantProfile(bad)).toEqual({ mints: [], relays: [] });
  });

  it('skips malformed tags one by one and refuses another kind', () => {
    const parsed = parseMerchantProfile(
      event([
        ['relay', 'https://not-a-relay.example'],
        ['mint', 'javascript:alert(1)'],
        ['mint', 'https://mint.example', 'usd'],
        ['pubkey', 'nope'],
        ['cashew-pairing', 'XYZ'],
        ['relay', 'wss://ok.example'],
      ]),
    );
    expect(parsed).toEqual({ mints: [], relays: ['wss://ok.example'] });
    expect(parseMerchantProfile({ ...event([]), kind: 1 })).toBeUndefined();
  });

  it('takes the newest of several stored versions', () => {
    const old = event([['relay', 'wss://old.example']], 1);
    const current = event([['relay', 'wss://new.example']], 2);
    expect(newestEvent([current, old])).toBe(current);
    expect(newestEvent([])).toBeUndefined();
  });
});
