import { describe, expect, it } from 'vitest';
import { InvalidPaymentMessageError } from '../errors';
import { MAX_PAYMENT_MESSAGE_BYTES } from './constants';
import { mintUrlKey } from '../urls/normalise-url';
import { maxRemoteAmount, parsePaymentMessage, serializePaymentMessage } from './payment-message';

const MINT = 'http://127.0.0.1:3338';
const valid = {
  quote: 'q-123_abc',
  amount: 21,
  request: 'lnbc210n1pdevinvoice',
  unit: 'sat',
  mint: MINT,
};

function parse(data: unknown, currentMintUrl = MINT) {
  const content = typeof data === 'string' ? data : JSON.stringify(data);
  return parsePaymentMessage(content, { currentMintUrl });
}

function expectInvalid(data: unknown, currentMintUrl = MINT) {
  expect(() => parse(data, currentMintUrl)).toThrow(InvalidPaymentMessageError);
}

describe('parsePaymentMessage', () => {
  it('accepts a well-formed message for the current mint', () => {
    expect(parse(valid)).toEqual(valid);
  });

  it('keeps an optional NUT-20 lock pubkey and expiry', () => {
    const pubkey = `02${'ab'.repeat(32)}`;
    expect(parse({ ...valid, pubkey, expiry: 1_900_000_000 })).toEqual({
      ...valid,
      pubkey,
      expiry: 1_900_000_000,
    });
  });

  it('treats a trailing slash on either mint URL as the same mint', () => {
    expect(parse({ ...valid, mint: `${MINT}/` }).quote).toBe('q-123_abc');
    expect(parse(valid, `${MINT}/`).quote).toBe('q-123_abc');
  });

  it('rejects content that is not JSON', () => {
    expectInvalid('not json {');
  });

  it('rejects JSON that is not an object', () => {
    expectInvalid('[1,2]');
    expectInvalid('42');
    expectInvalid('null');
  });

  it('rejects a missing, empty, overlong or malformed quote id', () => {
    expectInvalid({ ...valid, quote: undefined });
    expectInvalid({ ...valid, quote: '' });
    expectInvalid({ ...valid, quote: 7 });
    expectInvalid({ ...valid, quote: 'a'.repeat(257) });
    expectInvalid({ ...valid, quote: '../../v1/swap' });
  });

  it('rejects a missing, zero, negative, fractional, string or unsafe amount', () => {
    expectInvalid({ ...valid, amount: undefined });
    expectInvalid({ ...valid, amount: 0 });
    expectInvalid({ ...valid, amount: -5 });
    expectInvalid({ ...valid, amount: 1.5 });
    expectInvalid({ ...valid, amount: '21' });
    expectInvalid({ ...valid, amount: 2 ** 60 });
  });

  it('rejects a unit no till charges in, and a message without one', () => {
    expectInvalid({ ...valid, unit: 'msat' });
    expectInvalid({ ...valid, unit: 'auth' });
    expectInvalid({ ...valid, unit: 'USD' });
    expectInvalid({ ...valid, unit: 'doge' });
    expectInvalid({ ...valid, unit: 7 });
    expectInvalid({ ...valid, unit: ['usd'] });
    expectInvalid({ ...valid, unit: undefined });
  });

  it('accepts a quote in a fiat unit, its amount in cents (decision 0092)', () => {
    const usd = { ...valid, amount: 250, unit: 'usd' };
    expect(parse(usd)).toEqual(usd);
    expect(parse({ ...valid, unit: 'eur' }).unit).toBe('eur');
  });

  it('bounds the amount per unit: sats up to 21 million BTC, cents up to a billion', () => {
    expect(parse({ ...valid, amount: maxRemoteAmount('sat') }).amount).toBe(2_100_000_000_000_000);
    expect(maxRemoteAmount('usd')).toBe(100_000_000_000);
    expect(maxRemoteAmount('jpy')).toBe(1_000_000_000);
    expect(parse({ ...valid, unit: 'usd', amount: 100_000_000_000 }).amount).toBe(1e11);
    expectInvalid({ ...valid, unit: 'usd', amount: 100_000_000_001 });
    expectInvalid({ ...valid, unit: 'jpy', amount: 1_000_000_001 });
    expectInvalid({ ...valid, unit: 'usd', amount: 2.5 });
  });

  it('rejects a quote from another mint', () => {
    expectInvalid({ ...valid, mint: 'http://127.0.0.1:9999' });
    expectInvalid({ ...valid, mint: undefined });
  });

  it('rejects a request that is not a non-empty string', () => {
    expectInvalid({ ...valid, request: 12 });
    expectInvalid({ ...valid, request: '' });
    expectInvalid({ ...valid, request: undefined });
  });

  it('rejects oversized content', () => {
    expectInvalid({ ...valid, padding: 'x'.repeat(MAX_PAYMENT_MESSAGE_BYTES) });
  });

  it('rejects a malformed lock pubkey or expiry', () => {
    expectInvalid({ ...valid, pubkey: 'abc' });
    expectInvalid({ ...valid, expiry: 'tomorrow' });
  });

  it('keeps the cashier’s fiat record as sent, known fields only, and ignores one that is not an object', () => {
    const fiat = { currency: 'USD', price: 100_000, value: 0.02, time: 1_700_000_000_000 };
    expect(parse({ ...valid, fiat: { ...fiat, note: 'x' } }).fiat).toEqual(fiat);
    // Values are checked when the quote is taken (prices/stated-fiat.ts), never by failing the sale.
    expect(parse({ ...valid, fiat: { currency: 'usd', price: 'a lot' } }).fiat).toEqual({
      currency: 'usd',
      price: 'a lot',
      value: undefined,
    });
    for (const junk of ['USD 0.02', 7, null, [fiat]]) {
      const message = parse({ ...valid, fiat: junk });
      expect(message.fiat).toBeUndefined();
      expect(message.amount).toBe(21);
    }
    const sent = serializePaymentMessage({ ...valid, unit: 'sat', fiat });
    expect(parsePaymentMessage(sent, { currentMintUrl: MINT }).fiat).toEqual(fiat);
  });

  it('round-trips what serializePaymentMessage writes', () => {
    const message = { ...valid, unit: 'sat' as const, expiry: null };
    expect(parsePaymentMessage(serializePaymentMessage(message), { currentMintUrl: MINT })).toEqual(
      message,
    );
  });
});

describe('mintUrlKey', () => {
  it('drops trailing slashes and lower-cases the host', () => {
    expect(mintUrlKey('https://Mint.Example.com/')).toBe('https://mint.example.com');
    expect(mintUrlKey('https://mint.example.com/cashu//')).toBe('https://mint.example.com/cashu');
  });
});
