// @vitest-environment happy-dom
// The shift on the wallet screen, on Dexie (fake-indexeddb) with the till's own service: a cashier
// opens it with a float and cannot close it; a manager closes it with the counted cash and the
// report shows sales by method and person, expected against counted, and both days of a shift
// left open over midnight.
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../core/logger';
import { localDate } from '../../core/records/local-day';
import { recordCashSale } from '../../core/staff/cash-sale';
import { chargedBy, keypadSale } from '../../core/sale/sale';
import { TillStaff } from '../../core/staff/till-staff';
import { createStorage } from '../../storage';
import { DEFAULTS, freshDbName } from '../../testing/storage/db';
import { ShiftPanel } from './ShiftPanel';
import { shownTexts } from '../../testing/ui/shown-texts';

const closers: Array<() => void> = [];
afterEach(() => {
  cleanup();
  for (const close of closers.splice(0)) close();
});

async function setup(start: number, tillUnit?: 'usd') {
  let now = start;
  const storage = createStorage({
    dbName: freshDbName(),
    defaults: DEFAULTS,
    logger: silentLogger,
    clock: () => now,
  });
  closers.push(() => storage.close());
  let ids = 0;
  const till = new TillStaff({
    store: storage.staff,
    clock: () => now,
    newId: () => `id${++ids}`,
    history: storage.historyRange,
  });
  const ana = await till.add({ name: 'Ana', role: 'manager' });
  const bo = await till.add({ name: 'Bo', role: 'cashier' });
  const currency = async () => 'USD';
  render(
    <ShiftPanel
      till={till}
      currency={currency}
      {...(tillUnit ? { tillUnit: async () => tillUnit } : {})}
      logger={silentLogger}
    />,
  );
  const sellCash = async (sats: number, usd: number) =>
    recordCashSale(
      storage.history,
      chargedBy(
        keypadSale(sats, { currency: 'USD', price: 100_000, value: usd }),
        await till.current(),
      ),
    );
  return { till, ana, bo, sellCash, storage, advance: (ms: number) => (now += ms) };
}

const panel = () => screen.getByTestId('shift-panel');

describe('the shift panel', () => {
  it('a cashier opens with a float; only a manager closes, and the report adds up across midnight', async () => {
    const user = userEvent.setup();
    const { till, ana, bo, sellCash, advance } = await setup(
      new Date(2026, 10, 28, 23, 0).getTime(),
    );
    await till.switchTo(bo.id);
    expect(await within(panel()).findByText('No shift is open.')).toBeTruthy();
    await user.type(screen.getByLabelText('Starting float (USD)'), '50');
    await user.click(screen.getByRole('button', { name: 'Open shift' }));
    await waitFor(() =>
      expect(screen.getByTestId('shift-state').textContent).toMatch(/^Open since .* by Bo$/),
    );

    advance(30 * 60_000); // 23:30
    await sellCash(3_000, 3);
    advance(60 * 60_000); // 00:30 the next day
    await sellCash(4_550, 4.55);

    // The cashier may not close it.
    await user.type(screen.getByLabelText('Counted cash (USD)'), '57');
    await user.click(screen.getByRole('button', { name: 'Close shift' }));
    expect(
      (await screen.findByText('Closing a shift needs a manager or the owner at the till.'))
        .textContent,
    ).toBeTruthy();
    expect((await till.shifts()).map((s) => s.closedAt)).toEqual([undefined]);

    await till.switchTo(ana.id);
    advance(60_000);
    await user.click(screen.getByRole('button', { name: 'Close shift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Shift report' });
    const report = await within(dialog).findByTestId('shift-report');
    const drawer = {
      'shift-sales': '2 · 7,550 sats',
      'shift-cash': '2 · 7,550 sats',
      'shift-lightning': '0 · 0 sats',
      'shift-float': '50.00 USD',
      'shift-cash-sales': '7.55 USD',
      'shift-expected': '57.55 USD',
      'shift-counted': '57.00 USD',
      'shift-over-short': '−0.55 USD',
      [`shift-person-${bo.id}`]: '2 · 7,550 sats; tips 0 sats; cash 7.55 USD; refunds 0 · 0 sats',
    };
    expect(shownTexts(report, drawer)).toEqual(drawer);
    const cell = (id: string) => within(report).getByTestId(id).textContent;
    expect(cell('shift-closed')).toMatch(/ by Ana$/);
    // Over midnight: each sale in its own local day.
    const first = localDate(new Date(2026, 10, 28, 23, 30).getTime());
    const second = localDate(new Date(2026, 10, 29, 0, 30).getTime());
    const days = {
      [`shift-day-${first}`]: '1 · 3,000 sats',
      [`shift-day-${second}`]: '1 · 4,550 sats',
    };
    expect(shownTexts(report, days)).toEqual(days);

    // Closed: the next shift can open, and the last one's report stays at hand.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('No shift is open.')).toBeTruthy();
    expect(screen.getByRole('button', { name: "Last shift's report" })).toBeTruthy();
  });

  it('in a till charging in USD takes the float in dollars and reports in dollars, sats apart', async () => {
    const user = userEvent.setup();
    const { till, ana, storage, advance } = await setup(
      new Date(2026, 10, 28, 9, 0).getTime(),
      'usd',
    );
    await till.switchTo(ana.id);
    await user.type(await screen.findByLabelText('Starting float (USD)'), '20');
    await user.click(screen.getByRole('button', { name: 'Open shift' }));
    await waitFor(async () =>
      expect((await till.shifts())[0]).toMatchObject({
        floatMinor: 2_000,
        currency: 'USD',
        unit: 'usd',
      }),
    );
    // A 3.50 USD cash sale of this till, and 21 sats some other sale brought.
    advance(60_000);
    const sale = chargedBy({ ...keypadSale(350), unit: 'usd' }, await till.current());
    await recordCashSale(storage.history, sale);
    await recordCashSale(storage.history, keypadSale(21));
    advance(60_000);

    await user.type(screen.getByLabelText('Counted cash (USD)'), '23.50');
    await user.click(screen.getByRole('button', { name: 'Close shift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Shift report' });
    const report = await within(dialog).findByTestId('shift-report');
    const shown = {
      'shift-sales': '1 · 3.50 USD',
      'shift-cash': '1 · 3.50 USD',
      'shift-tips': '0.00 USD',
      'shift-sales-sat': '1 · 21 sats',
      'shift-float': '20.00 USD',
      'shift-cash-sales': '3.50 USD',
      'shift-expected': '23.50 USD',
      'shift-over-short': '+0.00 USD',
      [`shift-person-${ana.id}`]:
        '1 · 3.50 USD; tips 0.00 USD; cash 3.50 USD; refunds 0 · 0.00 USD',
    };
    expect(shownTexts(report, shown)).toEqual(shown);
  });

  it('refuses a float that is not an amount, and opens nothing', async () => {
    const user = userEvent.setup();
    const { till } = await setup(Date.now());
    await user.type(await screen.findByLabelText('Starting float (USD)'), '1.234');
    await user.click(screen.getByRole('button', { name: 'Open shift' }));
    expect(await screen.findByText('Enter an amount of 0 or more')).toBeTruthy();
    expect(await till.shifts()).toEqual([]);
  });
});
