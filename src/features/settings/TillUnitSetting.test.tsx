// @vitest-environment happy-dom
// The till unit: sats and the currencies the mint's keysets offer, the choice stored at once; a
// mint that cannot be asked leaves sats (and the stored unit) with the reason shown.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MintUnreachableError } from '../../core/errors';
import { silentLogger } from '../../core/logger';
import type { Unit } from '../../core/units/unit';
import { englishText } from '../../ui/i18n';
import { TILL_UNIT_LABEL } from './locales/till-unit/en.json';
import { TillUnitSetting } from './TillUnitSetting';

function setting(stored: Unit, mintUnits: (url: string) => Promise<Unit[]>) {
  let unit = stored;
  const store = {
    getTillUnit: vi.fn(async () => unit),
    setTillUnit: vi.fn(async (next: Unit) => void (unit = next)),
  };
  render(
    <TillUnitSetting
      store={store}
      mintUrl="https://mint.example"
      mintUnits={mintUnits}
      logger={silentLogger}
    />,
  );
  return store;
}

const picker = () =>
  screen.findByRole<HTMLSelectElement>('combobox', { name: englishText(TILL_UNIT_LABEL) });
const options = (select: HTMLSelectElement) => [...select.options].map((o) => o.textContent);

describe('TillUnitSetting', () => {
  afterEach(cleanup);

  it("offers sats and the mint's currencies, and stores the one chosen", async () => {
    const units = vi.fn(async () => ['sat', 'usd', 'eur'] as Unit[]);
    const store = setting('sat', units);
    const select = await picker();
    expect(units).toHaveBeenCalledWith('https://mint.example');
    expect(select.value).toBe('sat');
    expect(options(select)).toEqual(['sats', 'USD', 'EUR']);
    fireEvent.change(select, { target: { value: 'usd' } });
    await waitFor(() => expect(store.setTillUnit).toHaveBeenCalledWith('usd'));
    expect(await store.getTillUnit()).toBe('usd');
  });

  it('says why when the mint cannot be asked, and keeps the stored unit choosable', async () => {
    setting('usd', async () => {
      throw new MintUnreachableError('the mint cannot be reached');
    });
    const select = await picker();
    expect(select.value).toBe('usd');
    expect(options(select)).toEqual(['sats', 'USD']);
    expect(screen.getByRole('status').textContent).toContain('the mint cannot be reached');
  });
});
