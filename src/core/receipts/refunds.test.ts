// Refund limits: never more than what earlier refunds left of the sale; a refused refund throws.
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors';
import type { HistoryEvent } from '../history-ports';
import { checkRefund, refundLeft, refundLinkOf, refundsOf } from './refunds';

const sale = { id: 1, createdAt: 1, type: 'direct-payment', amount: 1000, mintUrl: 'm' } as const;
const refund = (id: number, amount: number, metadata: unknown) =>
  ({
    id,
    createdAt: 2,
    type: 'refund',
    amount,
    mintUrl: 'm',
    metadata: typeof metadata === 'string' ? metadata : JSON.stringify(metadata),
  }) as HistoryEvent;

describe('refunds', () => {
  it('links a refund to its sale and ignores broken links and other events', () => {
    expect(refundLinkOf(refund(2, 5, { refundOf: 1, method: 'ecash', reference: 'R1' }))).toEqual({
      refundOf: 1,
      method: 'ecash',
      reference: 'R1',
    });
    expect(refundLinkOf(refund(2, 5, 'not json'))).toBeUndefined();
    expect(refundLinkOf(refund(2, 5, { refundOf: '1' }))).toBeUndefined();
    expect(refundLinkOf({ ...sale, metadata: '{"refundOf":1}' })).toBeUndefined();
    const events = [refund(2, 5, { refundOf: 1 }), refund(3, 6, { refundOf: 9 }), sale];
    expect(refundsOf(1, events).map((e) => e.id)).toEqual([2]);
  });

  it('what is left is the sale less every earlier refund', () => {
    expect(refundLeft(sale, [])).toBe(1000);
    expect(refundLeft(sale, [{ amount: 300 }, { amount: 200 }])).toBe(500);
    expect(refundLeft(sale, [{ amount: 1200 }])).toBe(0);
  });

  it('allows up to what is left, in full or in parts', () => {
    expect(() => checkRefund(sale, [], 1000)).not.toThrow();
    expect(() => checkRefund(sale, [{ amount: 400 }], 600)).not.toThrow();
  });

  it('refuses a refund larger than what is left, saying how much is left', () => {
    expect(() => checkRefund(sale, [{ amount: 400 }], 601)).toThrow(
      'Only 600 sats of this sale are left to refund',
    );
    expect(() => checkRefund(sale, [{ amount: 1000 }], 1)).toThrow(
      'This sale is refunded in full already',
    );
  });

  it('refuses nonsense amounts and refunds of what is no sale', () => {
    for (const amount of [0, -1, 1.5, Number.NaN]) {
      expect(() => checkRefund(sale, [], amount)).toThrow(ValidationError);
    }
    expect(() => checkRefund({ ...sale, type: 'withdrawal' }, [], 1)).toThrow(
      'Only a sale can be refunded',
    );
  });
});
