// @vitest-environment happy-dom
// Connect screen: title, subtitle, the 200 px QR of the full link, the link text, copy behaviour,
// the pairing secret in the link's fragment and "Reset cashier link".
import 'fake-indexeddb/auto';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DeviceKeys } from '../../core/keys';
import { silentLogger, type Logger } from '../../core/logger';
import { encodePairingSecret } from '../../core/remote-payments/pairing';
import { screenStorages } from '../../testing/storage/screen-storage';
import { ConnectScreen } from './ConnectScreen';

const storages = screenStorages();

async function setup(
  logger: Logger = silentLogger,
  shopName?: string,
  otherDevice?: 'holding' | 'taken-over' | 'present',
) {
  const storage = await storages.open(['ws://127.0.0.1:7777', 'wss://relay.example']);
  if (shopName) await storage.config.setShopName(shopName);
  const { npub } = await new DeviceKeys(storage.keys).getKeypair();
  const secret = await storage.merchantTrust.getOrCreateSecret();
  type Other = typeof otherDevice;
  let other = otherDevice;
  const listeners = new Set<(value: Other) => void>();
  const merchantProfile = {
    sync: vi.fn(() => Promise.resolve('published')),
    otherDevice: () => other,
    onOtherDevice: (listener: (value: Other) => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  /** What a profile sync that ends now saw. */
  const syncSaw = (value: Other) => {
    other = value;
    for (const listener of listeners) listener(value);
  };
  render(
    <ConnectScreen
      services={{ storage, deviceKeys: new DeviceKeys(storage.keys), logger, merchantProfile }}
      origin="https://pos.example"
    />,
  );
  const expected =
    `https://pos.example/remote/${npub}?mint=http%3A%2F%2F127.0.0.1%3A3338` +
    '&relay=ws%3A%2F%2F127.0.0.1%3A7777&relay=wss%3A%2F%2Frelay.example' +
    (shopName ? `&shop=${encodeURIComponent(shopName).replace(/%20/g, '+')}` : '') +
    `#pair=${encodePairingSecret(secret)}`;
  await screen.findByText(expected);
  return { expected, storage, merchantProfile, syncSaw };
}

describe('ConnectScreen', () => {
  it('shows the title, subtitle, a 200 px QR code of the full link and the link under its label', async () => {
    const { expected } = await setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Connect Remote POS' })).toBeTruthy();
    expect(
      screen.getByText('Scan this QR code with another device to create a remote point of sale.'),
    ).toBeTruthy();
    const qr = screen.getByRole('img', { name: 'Connection QR code' });
    expect(qr.getAttribute('width')).toBe('200');
    expect(qr.closest('[data-qr-value]')?.getAttribute('data-qr-value')).toBe(expected);
    expect(screen.getByText('Connection String:')).toBeTruthy();
    expect(screen.getByTestId('connection-string').textContent).toBe(expected);
  });

  it('copies the link with Copy Connection String', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { expected } = await setup();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy Connection String' }));
    });
    expect(writeText).toHaveBeenCalledWith(expected);
    await screen.findByText('Copied');
  });

  it('only logs a failed copy, with the documented prefix, and shows nothing', async () => {
    const failure = new Error('denied');
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(failure) },
      configurable: true,
    });
    const logger = { ...silentLogger, error: vi.fn() };
    await setup(logger);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy Connection String' }));
    });
    await waitFor(() =>
      expect(logger.error).toHaveBeenCalledWith('Failed to copy connection string:', failure),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Copied')).toBeNull();
  });

  it('names the shop from Settings above the QR code and puts it in the link', async () => {
    const { expected } = await setup(silentLogger, 'Corner Café');
    expect(new URL(expected).searchParams.get('shop')).toBe('Corner Café');
    expect(screen.getByTestId('connect-shop').textContent).toBe(
      'Cashiers who scan it create invoices for Corner Café.',
    );
  });

  it('says how to show a shop name instead of the key when none is set', async () => {
    await setup();
    expect(screen.getByTestId('connect-shop').textContent).toBe(
      'Cashiers see this device’s key (npub). Add a shop name in Settings to show it instead.',
    );
  });

  it('resets the cashier link only after confirming: a new secret, a new link, the profile synced', async () => {
    const { expected, storage, merchantProfile } = await setup();
    fireEvent.click(screen.getByRole('button', { name: 'Reset cashier link' }));
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // Escape leaves it as Cancel does.
    fireEvent.click(screen.getByRole('button', { name: 'Reset cashier link' }));
    fireEvent.keyDown(screen.getByRole('button', { name: 'Reset link' }), { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByTestId('connection-string').textContent).toBe(expected);

    fireEvent.click(screen.getByRole('button', { name: 'Reset cashier link' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Reset link' }));
    });
    const secret = await storage.merchantTrust.getOrCreateSecret();
    const renewed = `${expected.split('#')[0]}#pair=${encodePairingSecret(secret)}`;
    expect(renewed).not.toBe(expected);
    await screen.findByText(renewed);
    expect(merchantProfile.sync).toHaveBeenCalled();
  });

  it('says when another device on the phrase keeps the cashier links, until the link is reset here', async () => {
    await setup(silentLogger, undefined, 'holding');
    expect(screen.getByTestId('other-device').textContent).toMatch(
      /^Another device uses this recovery phrase and keeps the cashier links/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reset cashier link' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Reset link' }));
    });
    await waitFor(() => expect(screen.queryByTestId('other-device')).toBeNull());
  });

  it('says so when the profile sync that finds the other device ends after the screen opened', async () => {
    const { syncSaw } = await setup();
    expect(screen.queryByTestId('other-device')).toBeNull();
    act(() => syncSaw('holding'));
    expect(screen.getByTestId('other-device').textContent).toMatch(
      /^Another device uses this recovery phrase and keeps the cashier links/,
    );
  });

  it('says, on the device that keeps the links, that another device restored the phrase', async () => {
    await setup(silentLogger, undefined, 'present');
    expect(screen.getByTestId('other-device').textContent).toMatch(
      /^Another device restored this recovery phrase\. It left the cashier links with this device/,
    );
  });

  it('says when another device took the cashier links over', async () => {
    await setup(silentLogger, undefined, 'taken-over');
    expect(screen.getByTestId('other-device').textContent).toMatch(
      /^Another device on this recovery phrase reset the cashier link/,
    );
  });
});
