// @vitest-environment happy-dom
// The welcome's buttons: a repeated tap while the next step loads starts no second navigation.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { WelcomeScreen } from './WelcomeScreen';

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
});
