// @vitest-environment happy-dom
// Legacy create mode when no phrase could be generated: the documented reload message, nothing
// saved.
import { DeviceKeys } from '../../core/keys';
import 'fake-indexeddb/auto';
import { cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from '../../ui/toaster';
import { afterEach, expect, it, vi } from 'vitest';
import { silentLogger } from '../../core/logger';
import { createStorage } from '../../storage';
import { LegacyOnboardingScreen } from './LegacyOnboardingScreen';

// Key derivation (PBKDF2) and lazy chunks are slow on a busy machine: outcomes are tested, not speed.
configure({ asyncUtilTimeout: 15_000 });

vi.mock('../../core/keys/phrase', () => ({
  generatePhrase: () => {
    throw new Error('no randomness');
  },
}));

afterEach(cleanup);

it('tells the user to reload when create mode has no phrase', async () => {
  const storage = createStorage({
    dbName: 'legacy-no-phrase',
    defaults: { mintUrl: 'https://default.mint', relays: ['wss://default.relay'] },
    logger: silentLogger,
  });
  const services = {
    settings: {
      defaultMintUrl: 'http://127.0.0.1:3338',
      defaultRelays: ['ws://127.0.0.1:7777'],
      discoveryRelays: [],
      auditorUrl: '',
    },
    storage,
    deviceKeys: new DeviceKeys(storage.keys),
    logger: silentLogger,
    inbox: { start: vi.fn(() => Promise.resolve()) },
  };
  const router = createMemoryRouter(
    [{ path: '/', element: <LegacyOnboardingScreen services={services} /> }],
    { initialEntries: ['/'] },
  );
  render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
  expect(await screen.findByText('Mnemonic is missing. Please reload the page.')).toBeTruthy();
  expect(await storage.config.isOnboarded()).toBe(false);
  expect(services.inbox.start).not.toHaveBeenCalled();
  storage.close();
});
