// @vitest-environment happy-dom
// Navigation shell: toggle opens the mobile menu, choosing an entry navigates, highlights and closes.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { NavShell, PRODUCT_NAME } from './NavShell';

afterEach(cleanup);

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: <NavShell />,
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const toggle = () => screen.getByRole('button', { name: 'Toggle navigation' });
const menu = () => document.getElementById(toggle().getAttribute('aria-controls')!)!;

describe('NavShell', () => {
  it('carries the product label and the four entries', () => {
    renderAt('/');
    expect(screen.getByRole('banner').textContent).toContain(PRODUCT_NAME);
    const links = screen
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual(
      expect.arrayContaining([
        ['Home', '/'],
        ['Wallet', '/wallet'],
        ['Connect', '/connect'],
        ['Settings', '/settings'],
      ]),
    );
  });

  it('starts with the mobile menu closed and opens it with the toggle', () => {
    renderAt('/');
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(menu().className.split(' ')).toContain('hidden');
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(menu().className.split(' ')).not.toContain('hidden');
  });

  it('navigates, highlights the chosen entry and closes the menu when an entry is chosen', async () => {
    const router = renderAt('/');
    fireEvent.click(toggle());
    fireEvent.click(screen.getByRole('link', { name: 'Wallet' }));

    expect(router.state.location.pathname).toBe('/wallet');
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(menu().className.split(' ')).toContain('hidden');
    expect((await screen.findByRole('link', { name: 'Wallet' })).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });

  it('highlights only Home on / (Home does not match every path)', () => {
    renderAt('/settings');
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });
});
