// @vitest-environment happy-dom
// Settings' Shop form on real storage: the name loaded and saved cleaned, the 40-character limit
// inline, and the name and the prices saved by the one button.
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../core/logger';
import type { Storage } from '../../storage';
import { storageWithSettings } from '../../testing/storage/db';
import { Toaster } from '../../ui/toast/toaster';
import { fixedPriceSettings } from '../../testing/prices/fixed-price-settings';
import { ShopSettings } from './ShopSettings';

const opened: Storage[] = [];
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  for (const storage of opened.splice(0)) storage.close();
});

async function renderShop(stored?: string) {
  const storage = await storageWithSettings(['wss://relay.example']);
  opened.push(storage);
  if (stored !== undefined) await storage.config.setShopName(stored);
  render(
    <>
      <ShopSettings config={storage.config} logger={silentLogger} />
      <Toaster />
    </>,
  );
  const field = (await screen.findByLabelText('Shop name')) as HTMLInputElement;
  return { storage, field };
}

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save shop settings' }));

describe('ShopSettings', () => {
  it('shows the stored name and saves a new one cleaned of extra spaces', async () => {
    const { storage, field } = await renderShop('Old Name');
    expect(field.value).toBe('Old Name');
    fireEvent.input(field, { target: { value: '  Corner   Café ' } });
    save();
    expect(
      await screen.findByText(
        'Shop settings saved. Cashiers see the new name once they open the new connection link.',
      ),
    ).toBeTruthy();
    expect(await storage.config.getShopName()).toBe('Corner Café');
    expect(field.value).toBe('Corner Café');
  });

  it('refuses more than 40 characters inline and keeps the stored name', async () => {
    const { storage, field } = await renderShop('Kept');
    fireEvent.input(field, { target: { value: 'x'.repeat(41) } });
    save();
    expect(await screen.findByText('The shop name can be at most 40 characters.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(await storage.config.getShopName()).toBe('Kept');

    // Fixing it clears the error; the success does not sit beside a stale message.
    fireEvent.input(field, { target: { value: 'x'.repeat(40) } });
    expect(screen.queryByText('The shop name can be at most 40 characters.')).toBeNull();
    save();
    await waitFor(async () => expect(await storage.config.getShopName()).toBe('x'.repeat(40)));
  });

  it('saves an empty name, so cashiers see the key again', async () => {
    const { storage, field } = await renderShop('Corner Café');
    fireEvent.input(field, { target: { value: '   ' } });
    save();
    await waitFor(async () => expect(await storage.config.getShopName()).toBe(''));
  });

  it('says so when the name cannot be saved, and changes nothing', async () => {
    const { storage, field } = await renderShop('Kept');
    vi.spyOn(storage.config, 'setShopName').mockRejectedValueOnce(new Error('disk full'));
    fireEvent.input(field, { target: { value: 'New' } });
    save();
    expect(await screen.findByText('Could not save the shop name.')).toBeTruthy();
    expect(await storage.config.getShopName()).toBe('Kept');
  });
});

describe('ShopSettings with prices', () => {
  it('saves the name and the prices with one button, then checks the price source', async () => {
    const storage = await storageWithSettings(['wss://relay.example']);
    opened.push(storage);
    const { service: prices, saved } = fixedPriceSettings();
    render(
      <>
        <ShopSettings config={storage.config} prices={prices} logger={silentLogger} />
        <Toaster />
      </>,
    );
    fireEvent.input(await screen.findByLabelText('Shop name'), { target: { value: 'Kiosk' } });
    fireEvent.change(screen.getByLabelText('Display currency'), { target: { value: 'USD' } });
    expect(screen.getAllByRole('button', { name: /^Save/ })).toHaveLength(1);
    save();
    expect(await screen.findByText('Price source reached: 1 BTC = 100,000 USD.')).toBeTruthy();
    expect(await storage.config.getShopName()).toBe('Kiosk');
    expect(saved).toEqual([{ currency: 'USD', url: 'https://prices.example/v1' }]);
  });
});
