import { describe, expect, it } from 'vitest';
import { memoryChannelHub } from '../../testing/display/memory-channel';
import { CounterDisplay } from './counter-display';
import { followCounter } from './display-follower';
import { DISPLAY_VERSION, type DisplayState } from './messages';

const INVOICE = 'lnbcrt25u1pjq9yzpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypq';
const coffee = { name: 'Coffee', quantity: 2, sats: 5000 };
const cake = { name: 'Cake', quantity: 1, sats: 3500 };

/** Lets the memory channel deliver what was posted. */
const delivered = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function displayOn(hub: ReturnType<typeof memoryChannelHub>) {
  const seen: DisplayState[] = [];
  const stop = followCounter(hub.open(), (state) => seen.push(state));
  return { seen, stop, last: () => seen.at(-1) };
}

/** A counter and a display already following it on one channel. */
function counterWithDisplay() {
  const hub = memoryChannelHub();
  const display = displayOn(hub);
  return { hub, display, counter: new CounterDisplay(hub.open()) };
}

describe('the customer display', () => {
  it('opened late, shows the cart the counter already has', async () => {
    const hub = memoryChannelHub();
    const counter = new CounterDisplay(hub.open());
    counter.setShop('Corner Café');
    counter.show({ lines: [coffee, cake], total: 8500, pay: null });
    await delivered();

    const display = displayOn(hub);
    await delivered();
    await delivered();
    expect(display.last()).toEqual({
      phase: 'cart',
      shop: 'Corner Café',
      lines: [coffee, cake],
      total: 8500,
    });
  });

  it('follows the cart, the invoice, then paid, and the next customer after it', async () => {
    const { display, counter } = counterWithDisplay();
    counter.show({ lines: [coffee], total: 5000, pay: null });
    await delivered();
    expect(display.last()).toMatchObject({ phase: 'cart', lines: [coffee], total: 5000 });

    const pay = { amount: 5000, invoice: INVOICE };
    counter.show({ lines: [coffee], total: 5000, pay });
    await delivered();
    expect(display.last()).toMatchObject({ phase: 'pay', pay });

    // The invoice is gone as it is paid, and the charged cart empties a moment later.
    counter.show({ lines: [coffee], total: 5000, pay: null });
    counter.paidNow();
    counter.show({ lines: [], total: null, pay: null });
    await delivered();
    expect(display.last()).toEqual({ phase: 'paid', shop: '', amount: 5000 });

    counter.show({ lines: [cake], total: 3500, pay: null });
    await delivered();
    expect(display.last()).toMatchObject({ phase: 'cart', lines: [cake] });
  });

  it('follows a cart in dollars, its invoice, then paid, each in cents with the unit', async () => {
    const { display, counter } = counterWithDisplay();
    const latte = { name: 'Latte', quantity: 1, sats: 350 };
    counter.show({ lines: [latte], total: 350, unit: 'usd', pay: null });
    await delivered();
    expect(display.last()).toEqual({
      phase: 'cart',
      shop: '',
      lines: [latte],
      total: 350,
      unit: 'usd',
    });

    const pay = { amount: 350, invoice: INVOICE };
    counter.show({ lines: [latte], total: 350, unit: 'usd', pay });
    await delivered();
    expect(display.last()).toMatchObject({ phase: 'pay', unit: 'usd', pay });

    counter.show({ lines: [latte], total: 350, unit: 'usd', pay: null });
    counter.paidNow();
    counter.show({ lines: [], total: null, pay: null });
    await delivered();
    expect(display.last()).toEqual({ phase: 'paid', shop: '', amount: 350, unit: 'usd' });
  });

  it('shows paid only for an invoice it showed', async () => {
    const { display, counter } = counterWithDisplay();
    counter.paidNow();
    await delivered();
    expect(display.seen.every((state) => state.phase === 'cart')).toBe(true);
  });

  it('ignores bad messages and keeps the last good state', async () => {
    const { hub, display, counter } = counterWithDisplay();
    counter.show({ lines: [coffee], total: 5000, pay: null });
    await delivered();
    const junk = hub.open();
    junk.post({ v: DISPLAY_VERSION, type: 'state', state: { phase: 'paid', amount: -5 } });
    junk.post({ v: 99, type: 'state', state: { phase: 'idle', shop: '' } });
    junk.post('not a message');
    junk.post({ v: DISPLAY_VERSION, type: 'state', state: { phase: 'pay', shop: '', lines: [] } });
    await delivered();
    expect(display.last()).toMatchObject({ phase: 'cart', lines: [coffee] });
  });

  it('answers every hello, and a counter left says idle', async () => {
    const hub = memoryChannelHub();
    const counter = new CounterDisplay(hub.open());
    counter.show({ lines: [coffee], total: 5000, pay: null });
    const first = displayOn(hub);
    const second = displayOn(hub);
    await delivered();
    await delivered();
    expect(first.last()).toMatchObject({ phase: 'cart', lines: [coffee] });
    expect(second.last()).toMatchObject({ phase: 'cart', lines: [coffee] });

    counter.close();
    await delivered();
    expect(first.last()).toEqual({ phase: 'idle', shop: '' });
  });

  it('sends nothing when a render changed nothing the customer sees', async () => {
    const { display, counter } = counterWithDisplay();
    counter.show({ lines: [coffee], total: 5000, pay: null });
    counter.show({ lines: [{ ...coffee }], total: 5000, pay: null });
    await delivered();
    expect(
      display.seen.filter((state) => state.phase === 'cart' && state.lines.length > 0),
    ).toHaveLength(1);
  });

  it('says idle when the counter page goes away, and the sale again when it comes back', async () => {
    const { display, counter } = counterWithDisplay();
    counter.show({ lines: [coffee], total: 5000, pay: { amount: 5000, invoice: INVOICE } });
    counter.pageHidden();
    await delivered();
    expect(display.last()).toEqual({ phase: 'idle', shop: '' });

    counter.pageShown();
    await delivered();
    expect(display.last()).toMatchObject({ phase: 'pay', lines: [coffee] });
  });
});
