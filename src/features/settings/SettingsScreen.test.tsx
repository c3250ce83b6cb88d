// @vitest-environment happy-dom
// Settings on real storage: load, validation toasts, save + listener restart, npub and phrase reveal.
import 'fake-indexeddb/auto';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from '../../ui/toast/toaster';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { DeviceKeys } from '../../core/keys';
import { silentLogger } from '../../core/logger';
import { MintUnreachableError } from '../../core/errors';
import { fixedPriceSettings } from '../../testing/prices/fixed-price-settings';
import { screenStorages } from '../../testing/storage/screen-storage';
import type { SettingsServices } from './deps';
import { SettingsScreen } from './SettingsScreen';
import { NIP06_NPUB, NIP06_PHRASE } from '../../core/keys/nip06-vector';

// Key derivation (PBKDF2) and lazy chunks are slow on a busy machine: outcomes are tested, not speed.
configure({ asyncUtilTimeout: 15_000 });

const storages = screenStorages();

async function renderSettings(
  options: { restore?: boolean; lock?: SettingsServices['lock'] } = {},
) {
  const storage = await storages.open(['ws://127.0.0.1:7777', 'wss://b.example']);
  if (options.restore !== false)
    await new DeviceKeys(storage.keys).createFromMnemonic(NIP06_PHRASE);
  const services = {
    storage,
    deviceKeys: new DeviceKeys(storage.keys),
    logger: silentLogger,
    inbox: { restart: vi.fn(() => Promise.resolve()) },
    restore: fakeRestore(),
    merchantProfile: { sync: vi.fn(() => Promise.resolve('published')) },
    checkMint: vi.fn(async (_url: string) => ({ name: 'Test Mint' })),
    prices: fixedPriceSettings().service,
    ...(options.lock ? { lock: options.lock } : {}),
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

/** Another mint typed and saved while 1,234 sats are on the stored one: the question it opens. */
async function askToSwitchMint() {
  const services = await renderSettings();
  await screen.findByLabelText('Mint URL');
  vi.spyOn(services.storage.proofs, 'balance').mockResolvedValue(1234);
  fireEvent.input(mintField(), { target: { value: 'https://other.mint.example' } });
  save();
  return { services, warning: await screen.findByTestId('mint-change-warning') };
}

/** A merchant PIN whose gate the test opens and closes; `entered` records the PINs typed. */
function fakeLock() {
  const state = { open: true, entered: [] as string[] };
  const lock: NonNullable<SettingsServices['lock']> = {
    gateOpen: () => state.open,
    waitMs: async () => 0,
    openGate: async (pin) => {
      state.entered.push(pin);
      state.open = pin === '4821';
      return state.open ? { ok: true } : { ok: false, waitMs: 1_000, wrong: true };
    },
    init: async () => {},
    state: () => 'unlocked',
    setPin: async () => {},
    changePin: async () => ({ ok: true }),
    removePin: async () => ({ ok: true }),
  };
  return { lock, state };
}

describe('SettingsScreen behind the merchant PIN', () => {
  it('asks again before saving the mint and relays once the gate has closed, and saves after it', async () => {
    // The gate closes between the panel's once-a-second look (ui/pin/pin-gate.tsx PinGated) and the
    // save: the panel's interval is held still, so it is the save that finds the gate closed.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    onTestFinished(() => void vi.useRealTimers());
    const { lock, state } = fakeLock();
    const services = await renderSettings({ lock });
    await screen.findByLabelText('Mint URL');
    fireEvent.input(relaysField(), { target: { value: 'wss://c.example' } });
    // Closed while the screen is open (3 minutes since the PIN): the save waits for it.
    state.open = false;
    save();
    const prompt = await screen.findByRole(
      'dialog',
      { name: 'Enter the merchant PIN' },
      { timeout: 10_000 },
    );
    expect(await services.storage.config.getRelays()).toEqual([
      'ws://127.0.0.1:7777',
      'wss://b.example',
    ]);
    fireEvent.change(within(prompt).getByLabelText('PIN'), { target: { value: '4821' } });
    fireEvent.click(within(prompt).getByRole('button', { name: 'Unlock' }));
    expect(
      await screen.findByText(
        'Settings saved. New mint and relays will be used going forward.',
        undefined,
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(await services.storage.config.getRelays()).toEqual(['wss://c.example']);
    expect(state.entered).toEqual(['4821']);
  });
});

describe('SettingsScreen', () => {
  it('groups its cards under Shop, Money out, Security, Mint and relays and Device, each linked from the top', async () => {
    await renderSettings();
    await screen.findByLabelText('Mint URL');
    const jump = screen.getByRole('navigation', { name: 'Settings groups' });
    const links = within(jump)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Shop', '#shop'],
      ['Money out', '#money-out'],
      ['Security', '#security'],
      ['Mint and relays', '#mint-and-relays'],
      ['Device', '#device'],
    ]);
    for (const [name, href] of links) {
      const group = document.querySelector(href!)!;
      expect(group.getAttribute('aria-labelledby')).toBeTruthy();
      expect(within(group as HTMLElement).getByRole('heading', { name: name! })).toBeTruthy();
      // One save per group at most: a merchant never wonders which button keeps which field.
      expect(
        within(group as HTMLElement).queryAllByRole('button', { name: /^Save/ }).length,
      ).toBeLessThanOrEqual(1);
    }
    // Each card sits in the group a shop owner would look in.
    expect(
      within(document.querySelector('#mint-and-relays')!).getByLabelText('Mint URL'),
    ).toBeTruthy();
    expect(
      within(document.querySelector('#money-out')!).getByRole('button', {
        name: 'Save automatic cash-out',
      }),
    ).toBeTruthy(); // The offline caps bound what the shop can lose: with the other guarded money settings.
    expect(
      within(document.querySelector('#security')!).getByRole('button', {
        name: 'Save offline limits',
      }),
    ).toBeTruthy();
  });

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

  it('shows the field errors inline under their fields', async () => {
    await renderSettings();
    await screen.findByLabelText('Mint URL');
    fireEvent.input(mintField(), { target: { value: 'ftp://mint.example' } });
    save();
    await waitFor(() => expect(mintField().getAttribute('aria-invalid')).toBe('true'));
    const errorId = mintField().getAttribute('aria-describedby')!;
    expect(document.getElementById(errorId)!.textContent).toBe(
      'Mint URL must be a valid http:// or https:// address',
    );
    // Typing again clears the stale error.
    fireEvent.input(mintField(), { target: { value: 'https://mint.example' } });
    expect(mintField().getAttribute('aria-invalid')).toBeNull();
  });

  it('asks a new mint for its info first and shows its name', async () => {
    const services = await renderSettings();
    await screen.findByLabelText('Mint URL');
    fireEvent.input(mintField(), { target: { value: 'https://other.mint.example/' } });
    save();
    expect((await screen.findByTestId('mint-check')).textContent).toBe('Mint found: Test Mint');
    expect(services.checkMint).toHaveBeenCalledWith('https://other.mint.example');
    await waitFor(async () =>
      expect(await services.storage.config.getMintUrl()).toBe('https://other.mint.example'),
    );
  });

  it('refuses a mint that does not answer, with the reason, saving nothing', async () => {
    const services = await renderSettings();
    await screen.findByLabelText('Mint URL');
    services.checkMint.mockRejectedValueOnce(
      new MintUnreachableError('the address cannot be reached'),
    );
    fireEvent.input(mintField(), { target: { value: 'https://down.mint.example' } });
    save();
    expect(
      await screen.findByText(
        'Could not reach this mint: the address cannot be reached. Nothing was saved.',
      ),
    ).toBeTruthy();
    expect(await services.storage.config.getMintUrl()).toBe('http://127.0.0.1:3338');
    expect(services.inbox.restart).not.toHaveBeenCalled();
  });

  it('does not ask the mint again when only the relays change', async () => {
    const services = await renderSettings();
    await screen.findByLabelText('Mint URL');
    fireEvent.input(relaysField(), { target: { value: 'wss://c.example' } });
    save();
    await screen.findByText('Settings saved. New mint and relays will be used going forward.');
    expect(services.checkMint).not.toHaveBeenCalled();
  });

  it('warns that the balance stays on the old mint and saves only when confirmed', async () => {
    const { services, warning } = await askToSwitchMint();
    expect(warning.textContent).toContain(
      '1,234 sats stay on http://127.0.0.1:3338: changing the mint does not move them.',
    );
    expect(warning.textContent).toContain('Balance per mint');
    expect(await services.storage.config.getMintUrl()).toBe('http://127.0.0.1:3338');

    fireEvent.click(screen.getByRole('button', { name: 'Switch mint and save' }));
    await waitFor(async () =>
      expect(await services.storage.config.getMintUrl()).toBe('https://other.mint.example'),
    );
    expect(screen.queryByTestId('mint-change-warning')).toBeNull();
  });

  it('keeps the current mint when the warning is left with Escape, as with Keep the current mint', async () => {
    const { services, warning } = await askToSwitchMint();
    fireEvent.keyDown(within(warning).getByRole('button', { name: 'Switch mint and save' }), {
      key: 'Escape',
    });
    expect(screen.queryByTestId('mint-change-warning')).toBeNull();
    expect(mintField().value).toBe('http://127.0.0.1:3338');
    expect(await services.storage.config.getMintUrl()).toBe('http://127.0.0.1:3338');
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

  it('leaves no error of a failed save beside the success of the next one', async () => {
    await renderSettings();
    await screen.findByLabelText('Mint URL');
    fireEvent.input(mintField(), { target: { value: '' } });
    save();
    expect(await screen.findByText('Mint URL cannot be empty')).toBeTruthy();

    fireEvent.input(mintField(), { target: { value: 'https://mint.example' } });
    save();
    expect(
      await screen.findByText('Settings saved. New mint and relays will be used going forward.'),
    ).toBeTruthy();
    expect(screen.queryByText('Mint URL cannot be empty')).toBeNull();
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

  it('accepts unpaired cashier links only once the merchant turns it on, and republishes the profile', async () => {
    const services = await renderSettings({ restore: false });
    const box = (await screen.findByLabelText(
      'Accept payments from unpaired cashier links',
    )) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(await services.storage.merchantTrust.acceptsUnpaired()).toBe(false);
    fireEvent.click(box);
    await waitFor(async () =>
      expect(await services.storage.merchantTrust.acceptsUnpaired()).toBe(true),
    );
    await waitFor(() => expect(box.checked).toBe(true));
    expect(services.merchantProfile.sync).toHaveBeenCalled();
  });
});
