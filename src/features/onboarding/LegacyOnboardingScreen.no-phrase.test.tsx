// @vitest-environment happy-dom
// Legacy create mode when no phrase could be generated: the documented reload message, nothing
// saved.
import 'fake-indexeddb/auto';
import { cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from '../../ui/toast/toaster';
import { afterEach, expect, it, vi } from 'vitest';
import { LegacyOnboardingScreen } from './LegacyOnboardingScreen';
import { onboardingServices } from '../../testing/onboarding-services';

// Key derivation (PBKDF2) and lazy chunks are slow on a busy machine: outcomes are tested, not speed.
configure({ asyncUtilTimeout: 15_000 });

vi.mock('../../core/keys/phrase', () => ({
  generatePhrase: () => {
    throw new Error('no randomness');
  },
}));

afterEach(cleanup);

it('tells the user to reload when create mode has no phrase', async () => {
  const services = onboardingServices('legacy-no-phrase');
  const { storage } = services;
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
  fireEvent.click(
    await screen.findByLabelText('I have written down my recovery phrase and stored it safely'),
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
  expect(await screen.findByText('Mnemonic is missing. Please reload the page.')).toBeTruthy();
  expect(await storage.config.isOnboarded()).toBe(false);
  expect(services.inbox.start).not.toHaveBeenCalled();
  storage.close();
});
