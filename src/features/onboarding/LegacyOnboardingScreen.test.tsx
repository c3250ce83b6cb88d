// @vitest-environment happy-dom
// The single-page onboarding: its error toasts (docs/behaviour.md "One-page onboarding") and the
// happy path on real storage.
import 'fake-indexeddb/auto';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from '../../ui/toast/toast';
import { Toaster } from '../../ui/toast/toaster';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeviceKeys } from '../../core/keys';
import type { Storage } from '../../storage';
import { LegacyOnboardingScreen } from './LegacyOnboardingScreen';
import { NIP06_NPUB, NIP06_PHRASE } from '../../core/keys/nip06-vector';
import { onboardingServices } from '../../testing/onboarding-services';

// Key derivation (PBKDF2) and lazy chunks are slow on a busy machine: outcomes are tested, not speed.
configure({ asyncUtilTimeout: 15_000 });

let count = 0;
const opened: Storage[] = [];
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  for (const storage of opened.splice(0)) storage.close();
});

function renderLegacy() {
  const services = onboardingServices(`legacy-onboarding-${++count}`);
  opened.push(services.storage);
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Home</h1> },
      { path: '/onboarding-legacy', element: <LegacyOnboardingScreen services={services} /> },
    ],
    { initialEntries: ['/onboarding-legacy'] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return { router, services };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const writtenDown = () =>
  screen.getByLabelText('I have written down my recovery phrase and stored it safely');

describe('legacy onboarding', () => {
  it('creates a wallet from the shown phrase and lands on / with the toast', async () => {
    const { router, services } = renderLegacy();
    const words = await screen.findAllByTestId('phrase-word');
    expect(words).toHaveLength(12);
    const phrase = words.map((w) => w.textContent).join(' ');
    fireEvent.click(writtenDown());
    fireEvent.click(continueButton());
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByText("You're all set!")).toBeTruthy();
    expect(await services.storage.config.isOnboarded()).toBe(true);
    expect(await services.storage.config.getMintUrl()).toBe('http://127.0.0.1:3338');
    expect(await services.storage.keys.getMnemonic()).toBe(phrase);
    expect(services.inbox.start).toHaveBeenCalledTimes(1);
  });

  it('on a device that got a wallet meanwhile, writes nothing, says so and goes home', async () => {
    const { router, services } = renderLegacy();
    await screen.findAllByTestId('phrase-word');
    // Another tab finished onboarding with the NIP-06 phrase.
    await services.storage.config.saveSettings({
      mintUrl: 'https://other.mint',
      relays: ['wss://o'],
    });
    await new DeviceKeys(services.storage.keys).createFromMnemonic(NIP06_PHRASE);
    await services.storage.config.setOnboarded(true);
    fireEvent.click(writtenDown());
    fireEvent.click(continueButton());
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(
      await screen.findByText(
        'This device already has a wallet. To replace it, use Replace wallet in Settings.',
      ),
    ).toBeTruthy();
    expect((await new DeviceKeys(services.storage.keys).getKeypair()).npub).toBe(NIP06_NPUB);
    expect(await services.storage.config.getMintUrl()).toBe('https://other.mint');
    expect(services.inbox.start).not.toHaveBeenCalled();
  });

  it('restores the NIP-06 vector phrase into the expected key', async () => {
    const { services } = renderLegacy();
    fireEvent.click(await screen.findByRole('button', { name: 'Restore Wallet' }));
    fireEvent.input(field('Recovery phrase'), { target: { value: NIP06_PHRASE } });
    fireEvent.click(continueButton());
    await screen.findByRole('heading', { name: 'Home' });
    expect((await new DeviceKeys(services.storage.keys).getKeypair()).npub).toBe(NIP06_NPUB);
  });

  it.each([
    ['Mint URL', '  ', 'Mint URL cannot be empty'],
    ['Mint URL', 'mint.example', 'Mint URL must be a valid http:// or https:// address'],
    ['Relays (one per line)', ' \n ', 'Please provide at least one relay'],
    [
      'Relays (one per line)',
      'relay.example',
      'Relay must be a valid ws:// or wss:// address: relay.example',
    ],
  ])('with %s set to %j shows %s and saves nothing', async (label, value, message) => {
    const { services } = renderLegacy();
    await screen.findAllByTestId('phrase-word');
    fireEvent.click(writtenDown());
    fireEvent.input(field(label), { target: { value } });
    fireEvent.click(continueButton());
    expect(await screen.findByText(message)).toBeTruthy();
    expect(await services.storage.config.isOnboarded()).toBe(false);
  });

  it('asks for the phrase in restore mode and rejects an invalid one', async () => {
    const { services } = renderLegacy();
    fireEvent.click(await screen.findByRole('button', { name: 'Restore Wallet' }));
    fireEvent.click(continueButton());
    expect(await screen.findByText('Please enter your mnemonic to restore')).toBeTruthy();
    fireEvent.input(field('Recovery phrase'), { target: { value: 'one two three' } });
    fireEvent.click(continueButton());
    expect(await screen.findByText('Invalid mnemonic')).toBeTruthy();
    expect(await services.storage.keys.getMnemonic()).toBeUndefined();
  });

  it('shows the save failure toast and stays when storage fails', async () => {
    const { router, services } = renderLegacy();
    vi.spyOn(services.storage.config, 'saveSettings').mockRejectedValueOnce(new Error('boom'));
    await screen.findAllByTestId('phrase-word');
    fireEvent.click(writtenDown());
    fireEvent.click(continueButton());
    expect(await screen.findByText('Failed to save. Please try again.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/onboarding-legacy');
    await waitFor(() => expect(continueButton()).toHaveProperty('disabled', false));
    expect(await services.storage.config.isOnboarded()).toBe(false);
  });

  it('keeps Continue disabled for a new wallet until the phrase is confirmed, by click or Enter', async () => {
    renderLegacy();
    await screen.findAllByTestId('phrase-word');
    expect(continueButton()).toHaveProperty('disabled', true);
    fireEvent.keyDown(writtenDown(), { key: 'Enter' });
    expect(writtenDown()).toHaveProperty('checked', true);
    expect(continueButton()).toHaveProperty('disabled', false);
    fireEvent.click(writtenDown());
    expect(continueButton()).toHaveProperty('disabled', true);
    // Restoring needs no confirmation.
    fireEvent.click(screen.getByRole('button', { name: 'Restore Wallet' }));
    expect(continueButton()).toHaveProperty('disabled', false);
  });

  it('removes its error toast when a later try succeeds', async () => {
    const shown = vi.spyOn(toast, 'error');
    const dismissed = vi.spyOn(toast, 'dismiss');
    renderLegacy();
    await screen.findAllByTestId('phrase-word');
    fireEvent.click(writtenDown());
    const mint = field('Mint URL').value;
    fireEvent.input(field('Mint URL'), { target: { value: ' ' } });
    fireEvent.click(continueButton());
    expect(await screen.findByText('Mint URL cannot be empty')).toBeTruthy();
    const errorId = shown.mock.calls[0]?.[1]?.toastId;
    expect(errorId).toBeTruthy();
    expect(dismissed).not.toHaveBeenCalled();

    fireEvent.input(field('Mint URL'), { target: { value: mint } });
    fireEvent.click(continueButton());
    expect(await screen.findByText("You're all set!")).toBeTruthy();
    expect(dismissed).toHaveBeenCalledWith(errorId);
  });
});
