import { describe, expect, it } from 'vitest';
import {
  DISPLAY_LIMITS,
  helloMessage,
  readDisplayMessage,
  stateMessage,
  type DisplayState,
} from './messages';

const INVOICE = 'lnbcrt25u1pjq9yzpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypq';
const ECASH =
  'creqApWF0gaNhdGVub3N0cmFheKlucHJvZmlsZTFxeTI4d3VtbjhnaGo3dW45ZDNzaGp0bnl2OWtoMnVld2Q5aHN6OXFldm5hcGE';

const paying: DisplayState = {
  phase: 'pay',
  shop: 'Corner Café',
  lines: [
    { name: 'Coffee', quantity: 2, sats: 5000 },
    { name: 'Cake', quantity: 1, sats: null },
  ],
  total: 5000,
  pay: { amount: 5000, invoice: INVOICE, ecash: ECASH },
};

describe('display messages', () => {
  it('read back every state the counter sends, unchanged', () => {
    const states: DisplayState[] = [
      paying,
      { phase: 'cart', shop: '', lines: [], total: null },
      { phase: 'cart', shop: '', lines: paying.lines, total: 4500, discount: 500 },
      { ...paying, discount: 500 },
      { ...paying, discount: 500, tax: 95 },
      { phase: 'paid', shop: 'Corner Café', amount: 5000 },
      { phase: 'idle', shop: '' },
      // A till charging in dollars: every amount in cents, said once by the unit.
      { ...paying, lines: [{ name: 'Latte', quantity: 1, sats: 350 }], total: 350, unit: 'usd' },
      { phase: 'cart', shop: '', lines: [], total: null, unit: 'eur' },
      { phase: 'paid', shop: 'Corner Café', amount: 350, unit: 'usd' },
    ];
    for (const state of states) {
      expect(readDisplayMessage(structuredClone(stateMessage(state)))).toEqual(stateMessage(state));
    }
    expect(readDisplayMessage(helloMessage())).toEqual(helloMessage());
  });

  it('drop another version, another type, and things that are not messages', () => {
    for (const junk of [
      null,
      undefined,
      'hello',
      42,
      [],
      { type: 'hello' },
      { v: 2, type: 'hello' },
      { v: '1', type: 'hello' },
      { v: 1, type: 'goodbye' },
      { v: 1, type: 'state' },
      { v: 2, type: 'state', state: paying },
    ]) {
      expect(readDisplayMessage(junk)).toBeNull();
    }
  });

  it('drop a state with a bad amount, line, invoice or request instead of showing it', () => {
    const bad: unknown[] = [
      { ...paying, phase: 'refund' },
      { ...paying, shop: 7 },
      { ...paying, total: -1 },
      { ...paying, total: 1.5 },
      { ...paying, lines: 'Coffee' },
      { ...paying, lines: [{ name: '', quantity: 1, sats: 1 }] },
      { ...paying, lines: [{ name: 'Coffee', quantity: 0, sats: 1 }] },
      { ...paying, lines: [{ name: 'Coffee', quantity: 1, sats: Number.MAX_VALUE }] },
      { ...paying, lines: [{ name: 'x'.repeat(DISPLAY_LIMITS.name + 1), quantity: 1, sats: 1 }] },
      {
        ...paying,
        lines: Array.from({ length: DISPLAY_LIMITS.lines + 1 }, () => paying.lines[0]),
      },
      { ...paying, discount: 0 },
      { ...paying, discount: -500 },
      { ...paying, discount: '500' },
      { ...paying, tax: 0 },
      { ...paying, tax: -95 },
      { ...paying, tax: 9.5 },
      { ...paying, pay: undefined },
      { ...paying, pay: { amount: 0, invoice: INVOICE } },
      { ...paying, pay: { amount: 5000, invoice: 'javascript:alert(1)' } },
      { ...paying, pay: { amount: 5000, invoice: `${INVOICE}<img>` } },
      { ...paying, pay: { amount: 5000, invoice: INVOICE, ecash: 'cashuBsecret' } },
      { ...paying, pay: { amount: 5000, invoice: INVOICE, ecash: 5 } },
      { phase: 'paid', shop: '', amount: '5000' },
      // A unit the display cannot name would show cents as something else: dropped.
      { ...paying, unit: 'btc' },
      { ...paying, unit: 'sat' },
      { ...paying, unit: 'USD' },
      { phase: 'paid', shop: '', amount: 350, unit: 7 },
    ];
    for (const state of bad) {
      expect(readDisplayMessage({ v: 1, type: 'state', state })).toBeNull();
    }
  });

  it('clean a shop name of controls and cut it to the 40 characters Settings allows', () => {
    const read = readDisplayMessage({
      v: 1,
      type: 'state',
      state: { phase: 'idle', shop: `\u202eShop\n${'a'.repeat(60)}` },
    });
    expect(read).toEqual({
      v: 1,
      type: 'state',
      state: { phase: 'idle', shop: expect.any(String) },
    });
    const shop = read?.type === 'state' ? read.state.shop : '';
    expect(Array.from(shop)).toHaveLength(40);
    expect(shop.startsWith('Shop a')).toBe(true);
  });
});
