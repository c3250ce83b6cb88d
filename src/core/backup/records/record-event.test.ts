// An event on the wire: a refund names its sale by global id, a received event is taken whole or
// not at all, and two copies compare by one digest of the canonical form; the copy rule.
import { describe, expect, it } from 'vitest';
import { BREAD_LINE, WINE_LINE } from '../../../testing/sale/cart-sale';
import type { HistoryEvent } from '../../history-ports';
import { incomingWins, winningCopies, type RecordCopy } from './record-copies';
import {
  globalId,
  parseGlobalId,
  parseRecordEvent,
  recordDigest,
  toRecordEvent,
  type RecordEvent,
} from './record-event';

const DEVICE = 'a1'.repeat(32);
const OTHER = 'b2'.repeat(32);

const cartSale: HistoryEvent = {
  id: 12,
  createdAt: 1_700_000_000_123,
  type: 'direct-payment',
  amount: 1_100,
  mintUrl: 'https://mint.example',
  quoteId: 'q12',
  metadata: '{"request":"lnbc11u1x"}',
  fiat: { currency: 'EUR', price: 90_000, value: 0.99, time: 1_700_000_000_000 },
  sale: {
    lines: [{ itemId: 'i1', name: 'Coffee', quantity: 2, unitSats: 500, taxRatePercent: 10 }],
    subtotalSats: 1_000,
    taxSats: 100,
    tipSats: 0,
    method: 'lightning',
    reference: 'R-12',
  },
};

describe('a history event on the wire', () => {
  it('keeps a sale whole: lines, tax, tip, fiat record and its time', () => {
    const wire = toRecordEvent(cartSale);
    expect(wire).toEqual({
      id: 12,
      at: 1_700_000_000_123,
      type: 'direct-payment',
      sats: 1_100,
      mint: 'https://mint.example',
      quote: 'q12',
      meta: '{"request":"lnbc11u1x"}',
      fiat: cartSale.fiat,
      sale: cartSale.sale,
    });
    // Read back on another device it is the same, in the same canonical form.
    const read = parseRecordEvent(JSON.parse(JSON.stringify(wire)));
    expect(read).toEqual(wire);
    expect(recordDigest(read!)).toBe(recordDigest(parseRecordEvent(wire)!));
  });

  it('names a refund’s sale by global id instead of the local id', () => {
    const refund = {
      id: 13,
      createdAt: 2,
      type: 'refund',
      amount: 400,
      mintUrl: 'https://mint.example',
      metadata: JSON.stringify({ refundOf: 12, method: 'lightning', feePaid: 1 }),
      request: 'lnbc4u1refund',
    } as HistoryEvent & { request: string };
    const wire = toRecordEvent(refund, globalId(DEVICE, 12));
    expect(wire.refundOf).toBe(`${DEVICE}:12`);
    expect(JSON.parse(wire.meta!)).toEqual({ method: 'lightning', feePaid: 1 });
    expect(wire.request).toBe('lnbc4u1refund');
    expect(parseRecordEvent(wire)).toEqual(wire);
  });

  it('refuses an event with any malformed field, and drops fields it does not know', () => {
    const good = toRecordEvent(cartSale);
    const broken: Array<Partial<Record<keyof RecordEvent, unknown>>> = [
      { id: 0 },
      { id: 1.5 },
      { at: -1 },
      { type: '' },
      { sats: -5 },
      { sats: '5' },
      { mint: 7 },
      { quote: 'q'.repeat(9_000) },
      { fiat: { currency: 'euro', price: 1, value: 1 } },
      { fiat: { currency: 'EUR', price: 0, value: 1 } },
      { sale: { ...cartSale.sale, subtotalSats: 999 } },
      { sale: { ...cartSale.sale, lines: [{ name: 'x', quantity: 0, unitSats: 1 }] } },
      { refundOf: '12' },
      { refundOf: `${DEVICE}:0` },
    ];
    for (const change of broken) expect(parseRecordEvent({ ...good, ...change })).toBeUndefined();
    for (const junk of [null, 'x', [], 5]) expect(parseRecordEvent(junk)).toBeUndefined();
    expect(parseRecordEvent({ ...good, surprise: true })).toEqual(good);
  });

  it('keeps a sale’s tax by rate whole: discounts, prices holding tax, each line’s tax', () => {
    const rated: HistoryEvent = {
      ...cartSale,
      amount: 2_153,
      sale: {
        lines: [
          { ...BREAD_LINE, discount: { kind: 'sats', sats: 100, reason: 'day old' } },
          WINE_LINE,
        ],
        subtotalSats: 2_190,
        taxSats: 63,
        tipSats: 0,
        method: 'lightning',
        discountSats: 100,
        cartDiscount: { kind: 'percent', percent: 0.01, reason: '' },
        includedTaxSats: 190,
        taxRounding: 'receipt',
      },
    };
    const wire = toRecordEvent(rated);
    expect(parseRecordEvent(JSON.parse(JSON.stringify(wire)))).toEqual(wire);
    expect(parseRecordEvent(wire)!.sale).toEqual(rated.sale);
    // Parts that do not add up are refused with the event.
    const off = { ...rated.sale!, includedTaxSats: 189 };
    expect(parseRecordEvent({ ...wire, sale: off })).toBeUndefined();
  });

  it('carries a sale’s receipt number to the other devices, and refuses a malformed one', () => {
    const wire = toRecordEvent({ ...cartSale, receiptNumber: 'K7Q2XM-000042' });
    expect(wire.receipt).toBe('K7Q2XM-000042');
    expect(parseRecordEvent(JSON.parse(JSON.stringify(wire)))).toEqual(wire);
    // A sale recorded before receipt numbers goes without one: its copies keep their digest.
    expect('receipt' in toRecordEvent(cartSale)).toBe(false);
    for (const receipt of ['', 'K7Q2XM', 'K7Q2XM-0', 'k7q2xm-1', 'K7Q2XM-1 ', 42]) {
      expect(parseRecordEvent({ ...wire, receipt })).toBeUndefined();
    }
  });

  it('reads a global id only as 64 hex digits and a whole id from 1', () => {
    expect(parseGlobalId(`${DEVICE}:7`)).toEqual({ device: DEVICE, id: 7 });
    for (const bad of [`${DEVICE}:07`, `${DEVICE}:x`, 'abc:1', `${DEVICE}:1:2`, 5]) {
      expect(parseGlobalId(bad)).toBeUndefined();
    }
  });
});

describe('the copy rule', () => {
  const copy = (author: string, sats: number, envelopeAt: number): RecordCopy => {
    const event = { ...toRecordEvent(cartSale), sats };
    return { author, event, digest: recordDigest(event), envelopeAt };
  };

  it('keeps one copy of an event seen twice', () => {
    const a = copy(DEVICE, 1_100, 10);
    expect(incomingWins(a, { ...a, envelopeAt: 99 })).toBe(false);
    expect([...winningCopies([a, { ...a, envelopeAt: 11 }]).keys()]).toEqual([`${DEVICE}:12`]);
  });

  it('takes the copy of the newer envelope when two differ, whichever came first', () => {
    const older = copy(DEVICE, 1_100, 10);
    const newer = copy(DEVICE, 1_200, 11);
    expect(incomingWins(older, newer)).toBe(true);
    expect(incomingWins(newer, older)).toBe(false);
    expect(winningCopies([older, newer]).get(`${DEVICE}:12`)).toBe(newer);
    expect(winningCopies([newer, older]).get(`${DEVICE}:12`)).toBe(newer);
  });

  it('settles two envelopes of the same second by the larger digest, on every device alike', () => {
    const one = copy(DEVICE, 1_100, 10);
    const two = copy(DEVICE, 1_200, 10);
    const larger = one.digest > two.digest ? one : two;
    expect(winningCopies([one, two]).get(`${DEVICE}:12`)).toBe(larger);
    expect(winningCopies([two, one]).get(`${DEVICE}:12`)).toBe(larger);
  });

  it('never mixes two devices’ events of the same local id', () => {
    const winners = winningCopies([copy(DEVICE, 1, 1), copy(OTHER, 2, 1)]);
    expect([...winners.keys()].sort()).toEqual([`${DEVICE}:12`, `${OTHER}:12`]);
  });
});
