// A NUT-18 payload's envelope: what is read from it, and what is refused before anything else.
import { describe, expect, it } from 'vitest';
import { MALFORMED_ECASH_MESSAGE } from './ecash-input';
import { MAX_PAYLOAD_CHARS, parsePaymentPayload } from './payment-payload';

describe('parsePaymentPayload', () => {
  it('reads id, mint, unit and proofs of a NUT-18 payload', () => {
    const text = JSON.stringify({
      id: 'r1',
      memo: 'hi',
      mint: 'http://m',
      unit: 'sat',
      proofs: [],
    });
    expect(parsePaymentPayload(text)).toEqual({
      id: 'r1',
      mint: 'http://m',
      unit: 'sat',
      proofs: [],
    });
  });

  it.each([
    ['not JSON', 'cashuA…'],
    ['a list', '[]'],
    ['no id', JSON.stringify({ mint: 'http://m', proofs: [] })],
    ['no mint', JSON.stringify({ id: 'r1', proofs: [] })],
    ['too long', 'x'.repeat(MAX_PAYLOAD_CHARS + 1)],
  ])('refuses %s', (_name, text) => {
    expect(() => parsePaymentPayload(text)).toThrow(MALFORMED_ECASH_MESSAGE);
  });
});
