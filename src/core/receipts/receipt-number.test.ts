// Receipt numbers: a prefix of six unambiguous symbols from random bytes, the sequence padded and
// growing past its padding, and which rows being recorded take a number.
import { describe, expect, it } from 'vitest';
import {
  parseReceiptNumber,
  PREFIX_LENGTH,
  receiptNumber,
  receiptPrefix,
  takesReceiptNumber,
} from './receipt-number';

describe('receipt numbers', () => {
  it('draws a prefix of six symbols a cashier cannot misread (no I, L, O or U)', () => {
    expect(receiptPrefix(new Uint8Array([0, 0, 0, 0]))).toBe('000000');
    expect(receiptPrefix(new Uint8Array([255, 255, 255, 255]))).toBe('ZZZZZZ');
    for (let i = 0; i < 200; i++) {
      const prefix = receiptPrefix(crypto.getRandomValues(new Uint8Array(4)));
      expect(prefix).toMatch(/^[0-9A-HJKMNP-TV-Z]+$/);
      expect(prefix).toHaveLength(PREFIX_LENGTH);
    }
    expect(() => receiptPrefix(new Uint8Array(3))).toThrow(RangeError);
  });

  it('pads the sequence to six digits and lets it grow past them', () => {
    expect(receiptNumber('K7Q2XM', 1)).toBe('K7Q2XM-000001');
    expect(receiptNumber('K7Q2XM', 1_234_567)).toBe('K7Q2XM-1234567');
    expect(parseReceiptNumber('K7Q2XM-1234567')).toEqual({ prefix: 'K7Q2XM', sequence: 1_234_567 });
  });

  it('reads only a prefix, a dash and a sequence from 1', () => {
    expect(parseReceiptNumber('K7Q2XM-000042')).toEqual({ prefix: 'K7Q2XM', sequence: 42 });
    for (const bad of ['K7Q2XM-000000', 'K7Q2XM', '-1', 'K7Q2IL-1', 'K7Q2XM-1-2', 7, null]) {
      expect(parseReceiptNumber(bad)).toBeUndefined();
    }
  });

  it('numbers this device’s sales only: not refunds, withdrawals or another device’s copies', () => {
    for (const type of ['direct-payment', 'remote-payment', 'ecash-payment', 'cash-payment']) {
      expect(takesReceiptNumber({ type })).toBe(true);
    }
    for (const type of ['refund', 'withdrawal', 'cash-out', 'restore', 'token-cancelled', 'x']) {
      expect(takesReceiptNumber({ type })).toBe(false);
    }
    const copy = { type: 'direct-payment', gid: 'b2:1', device: 'b2' };
    expect(takesReceiptNumber(copy)).toBe(false);
    expect(takesReceiptNumber({ type: 'direct-payment', receiptNumber: 'K7Q2XM-000001' })).toBe(
      false,
    );
  });
});
