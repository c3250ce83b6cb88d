// @vitest-environment happy-dom
// The welcome's buttons: a repeated tap while the next step loads starts no second navigation;
// each says where it leads, as the early script reads it for a tap before hydration.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { WelcomeScreen } from './WelcomeScreen';
import { GOES_TO_ATTRIBUTE } from './welcome-taps';

describe('WelcomeScreen', () => {
  afterEach(cleanup);

  it('starts one navigation however often Create New Wallet is tapped while the step loads', async () => {
    let loads = 0;
    const router = createMemoryRouter(
      [
        { path: '/onboarding', element: <WelcomeScreen /> },
        {
          path: '/onboarding/mnemonic',
          loader: () => {
            loads += 1;
            return new Promise<null>(() => {});
          },
          element: <p>Phrase</p>,
        },
      ],
      { initialEntries: ['/onboarding'] },
    );
    render(<RouterProvider router={router} />);
    const create = screen.getByRole('button', { name: 'Create New Wallet' });
    for (let tap = 0; tap < 5; tap++) {
      await act(async () => {
        fireEvent.click(create);
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
    }
    expect(loads).toBe(1);
    expect(router.state.navigation.location?.search).toBe('?mode=create');
  });

  it('says on each button the path its tap leads to (what the early script keeps before hydration)', async () => {
    const router = createMemoryRouter(
      [
        { path: '/onboarding', element: <WelcomeScreen /> },
        { path: '/onboarding/mnemonic', element: <p>Phrase</p> },
      ],
      { initialEntries: ['/onboarding'] },
    );
    for (const name of ['Create New Wallet', 'Restore Existing Wallet']) {
      render(<RouterProvider router={router} />);
      const button = screen.getByRole('button', { name });
      const goesTo = button.getAttribute(GOES_TO_ATTRIBUTE);
      await act(async () => {
        fireEvent.click(button);
        await new Promise((resolve) => setTimeout(resolve, 0));
      });
      const { pathname, search } = router.state.location;
      expect(`${pathname}${search}`).toBe(goesTo);
      cleanup();
      await act(() => router.navigate('/onboarding'));
    }
  });
});
