// @vitest-environment happy-dom
// Home's till bar: nothing at all on a shop with no staff and cash sales off (the keypad keeps the
// screen), the cash toggle alone once Settings turns it on, and the switch to a person.
import 'fake-indexeddb/auto';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../core/logger';
import { TillStaff } from '../../core/staff/till-staff';
import { createStorage } from '../../storage';
import { DEFAULTS, freshDbName } from '../../testing/storage/db';
import { TillStaffBar } from './TillStaffBar';
import type { TillChoice } from './use-till-staff';

const closers: Array<() => void> = [];
afterEach(() => {
  cleanup();
  for (const close of closers.splice(0)) close();
});

function setup() {
  const storage = createStorage({
    dbName: freshDbName(),
    defaults: DEFAULTS,
    logger: silentLogger,
  });
  closers.push(() => storage.close());
  let ids = 0;
  const till = new TillStaff({ store: storage.staff, clock: Date.now, newId: () => `p${++ids}` });
  // Read once each by the bar; the test waits for the last read before looking.
  const read = vi.spyOn(till, 'recordsCash');
  const choices: TillChoice[] = [];
  const show = () =>
    render(
      <TillStaffBar
        staff={{ till, cash: storage.history }}
        logger={silentLogger}
        onChange={(choice) => choices.push(choice)}
        onCashRecorded={() => {}}
      />,
    );
  const settled = async () => {
    await waitFor(() => expect(read).toHaveBeenCalled());
    await act(async () => {
      await read.mock.results.at(-1)?.value;
    });
  };
  return { till, show, settled, choices };
}

describe('the till bar on Home', () => {
  it('shows nothing on a shop with no staff list and cash sales off (the default)', async () => {
    const { show, settled } = setup();
    const { container } = show();
    await settled();
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('button', { name: 'Paid in cash' })).toBeNull();
  });

  it('offers only "Paid in cash" once Settings turns cash sales on; on, the next sale is cash', async () => {
    const { till, show, settled, choices } = setup();
    await till.setRecordsCash(true);
    show();
    await settled();
    const cash = await screen.findByRole('button', { name: 'Paid in cash' });
    expect(screen.queryByText(/At the till/)).toBeNull();
    await userEvent.click(cash);
    expect(cash.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(choices.at(-1)?.recordCash).toBeTypeOf('function'));
    expect(choices.at(-1)?.staff).toBeUndefined();
  });

  it('names who is at the till and switches to a person without a PIN', async () => {
    const { till, show, settled, choices } = setup();
    const bo = await till.add({ name: 'Bo', role: 'cashier' });
    show();
    await settled();
    expect((await screen.findByTestId('till-staff-name')).textContent).toBe('Owner');
    expect(screen.queryByRole('button', { name: 'Paid in cash' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Change person' }));
    await userEvent.selectOptions(screen.getByRole('combobox'), bo.id);
    await userEvent.click(screen.getByRole('button', { name: 'Switch' }));
    await waitFor(() => expect(screen.getByTestId('till-staff-name').textContent).toBe('Bo'));
    await waitFor(() =>
      expect(choices.at(-1)?.staff).toEqual({ id: bo.id, name: 'Bo', role: 'cashier' }),
    );
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
