// @vitest-environment happy-dom
// Settings' offline ecash caps on real storage: the defaults shown, whole numbers saved, anything
// else named under its field with nothing saved, and the save behind the merchant PIN's guard.
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../core/logger';
import { DEFAULT_OFFLINE_CAPS } from '../../core/wallet/ecash/offline/offline-caps';
import type { Storage } from '../../storage';
import { storageWithSettings } from '../../testing/storage/db';
import { englishText } from '../../ui/i18n';
import { OfflineCapsSettings } from './OfflineCapsSettings';
import {
  OFFLINE_CAPS_ENABLE,
  OFFLINE_CAPS_NEEDS_WHOLE,
  OFFLINE_CAPS_SAVE,
  OFFLINE_CAP_DAY,
  OFFLINE_CAP_OUTSTANDING,
  OFFLINE_CAP_SALE,
} from './locales/offline-caps/en.json';

const opened: Storage[] = [];
afterEach(() => {
  cleanup();
  for (const storage of opened.splice(0)) storage.close();
});

async function setUp(guard?: (action: () => void) => void) {
  const storage = await storageWithSettings(['wss://relay.example']);
  opened.push(storage);
  render(
    <OfflineCapsSettings
      store={storage.offlineCaps}
      logger={silentLogger}
      {...(guard ? { guard } : {})}
    />,
  );
  const field = async (label: string) =>
    (await screen.findByLabelText(englishText(label))) as HTMLInputElement;
  return {
    storage,
    sale: await field(OFFLINE_CAP_SALE),
    day: await field(OFFLINE_CAP_DAY),
    outstanding: await field(OFFLINE_CAP_OUTSTANDING),
    enabled: await field(OFFLINE_CAPS_ENABLE),
    save: () =>
      fireEvent.click(screen.getByRole('button', { name: englishText(OFFLINE_CAPS_SAVE) })),
  };
}

describe('OfflineCapsSettings', () => {
  it('shows the default caps and saves whole numbers, zero included, and the switch', async () => {
    const form = await setUp();
    expect([form.sale.value, form.day.value, form.outstanding.value]).toEqual([
      '10000',
      '50000',
      '100000',
    ]);
    expect(form.enabled.checked).toBe(true);
    fireEvent.change(form.sale, { target: { value: '2500' } });
    fireEvent.change(form.day, { target: { value: ' 0 ' } });
    fireEvent.click(form.enabled);
    form.save();
    await waitFor(async () =>
      expect(await form.storage.offlineCaps.get()).toEqual({
        enabled: false,
        perSale: 2500,
        perDay: 0,
        outstanding: 100_000,
      }),
    );
  });

  it.each(['-5', '1.5', '12k', '', '99999999999999999999'])(
    'refuses %j under its field and saves nothing',
    async (typed) => {
      const form = await setUp();
      fireEvent.change(form.sale, { target: { value: '2500' } });
      fireEvent.change(form.outstanding, { target: { value: typed } });
      form.save();
      expect(await screen.findByText(englishText(OFFLINE_CAPS_NEEDS_WHOLE))).toBeTruthy();
      expect(form.outstanding.getAttribute('aria-invalid')).toBe('true');
      expect(form.sale.getAttribute('aria-invalid')).toBeNull();
      expect(await form.storage.offlineCaps.get()).toEqual(DEFAULT_OFFLINE_CAPS);
    },
  );

  it('saves only through the PIN guard', async () => {
    const guard = vi.fn();
    const form = await setUp(guard);
    fireEvent.change(form.sale, { target: { value: '1' } });
    form.save();
    await waitFor(() => expect(guard).toHaveBeenCalledTimes(1));
    expect(await form.storage.offlineCaps.get()).toEqual(DEFAULT_OFFLINE_CAPS);
    (guard.mock.calls[0]![0] as () => void)();
    await waitFor(async () => expect((await form.storage.offlineCaps.get()).perSale).toBe(1));
  });
});
