// @vitest-environment happy-dom
// Settings on real storage: load, validation toasts, save + listener restart, npub and phrase reveal.
import 'fake-indexeddb/auto';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from '../../ui/toaster';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeviceKeys } from '../../core/keys';
import { silentLogger } from '../../core/logger';
import type { Storage } from '../../storage';
import { storageWithSettings } from '../../storage/test-support';
import type { SettingsServices } from './deps';
import { SettingsScreen } from './SettingsScreen';
import { NIP06_NPUB, NIP06_PHRASE } from '../../core/keys/nip06-vector';

// Key derivation (PBKDF2) and lazy chunks are slow on a busy machine: outcomes are tested, not speed.
configure({ asyncUtilTimeout: 15_000 });

const opened: Storage[] = [];
afterEach(() => {
  cleanup();
  for (const storage of opened.splice(0)) storage.close();
});

async function renderSettings(options: { restore?: boolean } = {}) {
  const storage = await storageWithSettings(['ws://127.0.0.1:7777', 'wss://b.example']);
  opened.push(storage);
  if (options.restore !== false)
    await new DeviceKeys(storage.keys).createFromMnemonic(NIP06_PHRASE);
  const services = {
    storage,
    deviceKeys: new DeviceKeys(storage.keys),
    logger: silentLogger,
    inbox: { restart: vi.fn(() => Promise.resolve()) },
    restore: fakeRestore(),
  } satisfies SettingsServices;
  render(
    <>
      <SettingsScreen services={services} />
      <Toaster />
    </>,
  );
  return services;
}

/** A restore scan that runs until `finish` is called. */
function fakeRestore() {
  let running = false;
  let finish = () => {};
  return {
    start: vi.fn((_reason: 'settings') => {
      running = true;
      return new Promise<void>((resolve) => {
        finish = () => {
          running = false;
          resolve();
        };
      });
    }),
    isRunning: () => running,
    onProgress: () => () => {},
    finish: () => finish(),
  };
}

const mintField = () => screen.getByLabelText('Mint URL') as HTMLInputElement;
const relaysField = () => screen.getByLabelText('Nostr Relays') as HTMLTextAreaElement;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));

describe('SettingsScreen', () => {
  it('shows the loading text, then the stored mint and relays', async () => {
    await renderSettings();
    expect(screen.getByText('Loading settings...')).toBeTruthy();
    expect(((await screen.findByLabelText('Mint URL')) as HTMLInputElement).value).toBe(
      'http://127.0.0.1:3338',
    );
    expect(relaysField().value).toBe('ws://127.0.0.1:7777\nwss://b.example');
  });

  it('saves trimmed values, restarts the listener and confirms with the documented toast', async () => {
    const services = await renderSettings();
    await screen.findByLabelText('Mint URL');
    fireEvent.input(mintField(), { target: { value: ' https://new.mint.example/ ' } });
    fireEvent.input(relaysField(), {
      target: { value: '\n wss://C.example/ \n\nws://127.0.0.1:7001\n' },
    });
    save();
    expect(
      await screen.findByText('Settings saved. New mint and relays will be used going forward.'),
    ).toBeTruthy();
    expect(await services.storage.config.getMintUrl()).toBe('https://new.mint.example');
    expect(await services.storage.config.getRelays()).toEqual([
      'wss://c.example',
      'ws://127.0.0.1:7001',
    ]);
    expect(services.inbox.restart).toHaveBeenCalledTimes(1);
    expect(relaysField().value).toBe('wss://c.example\nws://127.0.0.1:7001');
  });

  it.each([
    ['mint', '', 'Mint URL cannot be empty'],
    ['mint', 'ftp://mint.example', 'Mint URL must be a valid http:// or https:// address'],
    [
      'mint',
      'http://mint.example',
      'Mint URL must use https:// (http:// only for this device or a .onion address)',
    ],
    ['relays', '  \n  ', 'Please provide at least one relay'],
    [
      'relays',
      'ws://relay.example',
      'Relay must use wss:// (ws:// only for this device or a .onion address): ws://relay.example',
    ],
    [
      'relays',
      'https://x.example',
      'Relay must be a valid ws:// or wss:// address: https://x.example',
    ],
  ])('rejects a bad %s value %j with %s, saving nothing', async (which, value, message) => {
    const services = await renderSettings();
    await screen.findByLabelText('Mint URL');
    fireEvent.input(which === 'mint' ? mintField() : relaysField(), { target: { value } });
    save();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(await services.storage.config.getMintUrl()).toBe('http://127.0.0.1:3338');
    expect(services.inbox.restart).not.toHaveBeenCalled();
  });

  it('shows the failure toast when storage refuses the save', async () => {
    const services = await renderSettings();
    await screen.findByLabelText('Mint URL');
    vi.spyOn(services.storage.config, 'saveSettings').mockRejectedValueOnce(new Error('boom'));
    save();
    expect(await screen.findByText('Failed to save settings')).toBeTruthy();
    expect(services.inbox.restart).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save Settings' })).toHaveProperty(
        'disabled',
        false,
      ),
    );
  });

  it('reads Saving... while the save is in progress', async () => {
    const services = await renderSettings();
    await screen.findByLabelText('Mint URL');
    let release: () => void = () => {};
    services.inbox.restart.mockImplementation(
      () => new Promise<void>((resolve) => (release = resolve)),
    );
    save();
    expect(await screen.findByRole('button', { name: 'Saving...' })).toHaveProperty(
      'disabled',
      true,
    );
    await waitFor(() => expect(services.inbox.restart).toHaveBeenCalled());
    release();
    expect(await screen.findByRole('button', { name: 'Save Settings' })).toBeTruthy();
  });

  it('shows the device npub and the recovery phrase only after confirming', async () => {
    await renderSettings();
    await waitFor(() => expect(screen.getByTestId('device-npub').textContent).toBe(NIP06_NPUB));
    expect(screen.queryByText('leader')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show Recovery Phrase' }));
    const confirm = await screen.findByRole('dialog', { name: 'Show recovery phrase?' });
    expect(confirm.textContent).toContain('Anyone who sees these words can take your funds');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Show Recovery Phrase' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Reveal Phrase' }));
    await screen.findByRole('dialog', { name: 'Your Recovery Phrase' });
    const words = screen.getAllByTestId('phrase-word').map((w) => w.textContent);
    expect(words.join(' ')).toBe(NIP06_PHRASE);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('phrase-word')).toBeNull();
  });

  it('says when no recovery phrase is stored', async () => {
    await renderSettings({ restore: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Show Recovery Phrase' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Reveal Phrase' }));
    expect(await screen.findByText('No recovery phrase is stored on this device.')).toBeTruthy();
  });

  it('Recover funds starts the restore scan and stays busy until it ends', async () => {
    const services = await renderSettings();
    const button = await screen.findByRole('button', { name: 'Recover funds' });
    fireEvent.click(button);
    expect(services.restore.start).toHaveBeenCalledWith('settings');
    expect(
      (await screen.findByRole('button', { name: 'Recovering...' })).hasAttribute('disabled'),
    ).toBe(true);
    services.restore.finish();
    expect(
      (await screen.findByRole('button', { name: 'Recover funds' })).hasAttribute('disabled'),
    ).toBe(false);
  });
});
