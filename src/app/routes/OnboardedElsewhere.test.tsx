// @vitest-environment happy-dom
// The onboarding layout sends the device home once IndexedDB says a wallet was made meanwhile.
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../core/logger';
import type { OnboardingFlag } from '../services/base';
import { OnboardedElsewhere } from './OnboardedElsewhere';

function renderAt(path: string, flag: OnboardingFlag) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>Keypad</p> },
      {
        path: '/onboarding',
        element: <OnboardedElsewhere flag={flag} logger={silentLogger} />,
        children: [{ path: 'mnemonic', element: <p>Phrase</p> }],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('OnboardedElsewhere', () => {
  afterEach(cleanup);

  it('sends a device whose wallet was made in another tab home, replacing the step', async () => {
    const router = renderAt('/onboarding/mnemonic', {
      isOnboarded: async () => true,
      withoutWallet: () => true,
    });
    expect(await screen.findByText('Keypad')).toBeTruthy();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('leaves a device without a wallet on its step', async () => {
    let reads = 0;
    renderAt('/onboarding/mnemonic', {
      isOnboarded: async () => {
        reads += 1;
        return false;
      },
      withoutWallet: () => true,
    });
    expect(await screen.findByText('Phrase')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(reads).toBe(1);
    expect(screen.queryByText('Keypad')).toBeNull();
  });

  it('asks nothing where the loader already read IndexedDB (no copy saying there is no wallet)', async () => {
    let reads = 0;
    renderAt('/onboarding/mnemonic', {
      isOnboarded: async () => {
        reads += 1;
        return true;
      },
      withoutWallet: () => false,
    });
    expect(await screen.findByText('Phrase')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(reads).toBe(0);
  });
});
