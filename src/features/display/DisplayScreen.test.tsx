// @vitest-environment happy-dom
// The customer display screen: the counter's cart, total and invoice as the customer sees them,
// paid, a display opened after the counter, and junk on the channel ignored.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CounterDisplay } from '../../core/display/counter-display';
import { memoryChannelHub } from '../../testing/display/memory-channel';
import { DisplayScreen } from './DisplayScreen';

afterEach(cleanup);

const INVOICE = 'lnbcrt25u1pjq9yzpp5qqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqqqsyqcyq5rqwzqfqypq';
const ECASH =
  'creqApWF0gaNhdGVub3N0cmFheKlucHJvZmlsZTFxeTI4d3VtbjhnaGo3dW45ZDNzaGp0bnl2OWtoMnVld2Q5aHN6';

/** Lets the memory channel deliver and React render. */
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

function setUp() {
  const hub = memoryChannelHub();
  const counter = new CounterDisplay(hub.open());
  return { hub, counter, show: () => render(<DisplayScreen openChannel={hub.open} />) };
}

describe('DisplayScreen', () => {
  it('waits for the till until the counter answers', async () => {
    render(<DisplayScreen openChannel={memoryChannelHub().open} />);
    await settle();
    expect(screen.getByText('Waiting for the till')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome');
  });

  it('opened after the counter, shows its shop, lines and total at once', async () => {
    const { counter, show } = setUp();
    counter.setShop('Corner Café');
    counter.show({
      lines: [
        { name: 'Coffee', quantity: 2, sats: 5000 },
        { name: 'Cake', quantity: 1, sats: null },
      ],
      total: 5000,
      pay: null,
    });
    show();
    await settle();
    await settle();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Corner Café');
    const lines = screen.getAllByTestId('display-line').map((line) => line.textContent);
    expect(lines).toEqual(['2 × Coffee5,000 sats', '1 × CakeNo price yet']);
    expect(screen.getByTestId('display-total').textContent).toBe('Total5,000 sats');
    expect(screen.queryByTestId('display-pay')).toBeNull();
  });

  it.each([
    ['discount', { discount: 500 }, 4500, 'Discount−500 sats', 'Total4,500 sats'],
    ['tax added on top of the prices', { tax: 190 }, 5190, 'Tax190 sats', 'Total5,190 sats'],
  ])('shows the %s above the total, and no row without it', async (_, sum, total, row, shown) => {
    const { counter, show } = setUp();
    show();
    const lines = [{ name: 'Coffee', quantity: 2, sats: 5000 }];
    const id = `display-${Object.keys(sum)[0]}`;
    counter.show({ lines, total, ...sum, pay: null });
    await settle();
    await settle();
    expect(screen.getByTestId(id).textContent).toBe(row);
    expect(screen.getByTestId('display-total').textContent).toBe(shown);

    counter.show({ lines, total: 5000, pay: null });
    await settle();
    expect(screen.queryByTestId(id)).toBeNull();
  });

  it('shows the invoice and ecash request to scan, then paid', async () => {
    const { counter, show } = setUp();
    show();
    const lines = [{ name: 'Coffee', quantity: 1, sats: 1 }];
    counter.show({ lines, total: 1, pay: { amount: 1, invoice: INVOICE, ecash: ECASH } });
    await settle();
    await settle();
    expect(screen.getByRole('heading', { name: 'Scan to pay 1 sat' })).toBeTruthy();
    const invoice = screen.getByRole('img', { name: 'Lightning invoice QR code' });
    expect(invoice.closest('[data-qr-value]')?.getAttribute('data-qr-value')).toBe(INVOICE);
    const ecash = screen.getByRole('img', { name: 'Ecash payment request QR code' });
    expect(ecash.closest('[data-qr-value]')?.getAttribute('data-qr-value')).toBe(ECASH);

    counter.show({ lines, total: 1, pay: null });
    counter.paidNow();
    await settle();
    expect(screen.getByTestId('display-paid').textContent).toBe('Paid, thank you1 sat received');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('in a till charging in dollars shows each line, the total, the invoice and paid in dollars', async () => {
    const { counter, show } = setUp();
    show();
    const lines = [
      { name: 'Latte', quantity: 1, sats: 350 },
      { name: 'Cookie', quantity: 2, sats: 250 },
    ];
    counter.show({ lines, total: 600, unit: 'usd', pay: null });
    await settle();
    await settle();
    const shown = screen.getAllByTestId('display-line').map((line) => line.textContent);
    expect(shown).toEqual(['1 × Latte3.50 USD', '2 × Cookie2.50 USD']);
    expect(screen.getByTestId('display-total').textContent).toBe('Total6.00 USD');

    counter.show({ lines, total: 600, unit: 'usd', pay: { amount: 600, invoice: INVOICE } });
    await settle();
    expect(screen.getByRole('heading', { name: 'Scan to pay 6.00 USD' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Lightning invoice QR code' })).toBeTruthy();

    counter.show({ lines, total: 600, unit: 'usd', pay: null });
    counter.paidNow();
    await settle();
    expect(screen.getByTestId('display-paid').textContent).toBe('Paid, thank you6.00 USD received');
    expect(document.body.textContent).not.toContain('sats');
  });

  it('keeps what it shows when a bad message arrives', async () => {
    const { hub, counter, show } = setUp();
    show();
    counter.show({ lines: [{ name: 'Tea', quantity: 3, sats: 900 }], total: 900, pay: null });
    await settle();
    await settle();
    const junk = hub.open();
    junk.post({ v: 1, type: 'state', state: { phase: 'pay', shop: '', lines: [], total: 1 } });
    junk.post({ v: 1, type: 'state', state: { phase: 'paid', shop: '<b>x</b>', amount: 'all' } });
    junk.post(new Uint8Array([1, 2, 3]));
    await settle();
    expect(screen.getByTestId('display-total').getAttribute('data-sats')).toBe('900');
    expect(screen.queryByTestId('display-paid')).toBeNull();
  });

  it('says so where the browser has no channel', async () => {
    render(<DisplayScreen openChannel={null} />);
    await settle();
    expect(screen.getByText('This browser cannot show a customer display.')).toBeTruthy();
  });
});
