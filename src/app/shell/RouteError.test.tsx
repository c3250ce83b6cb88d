// @vitest-environment happy-dom
// A screen whose code could not be downloaded says so plainly; other errors keep the general page.
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { englishText } from '../../ui/i18n';
import { SCREEN_NOT_LOADED_OFFLINE, SCREEN_NOT_LOADED_TITLE } from '../locales/shell/en.json';
import { isChunkLoadError, RouteError } from './RouteError';

function renderThrowing(error: Error) {
  const router = createMemoryRouter([
    {
      path: '/',
      errorElement: <RouteError />,
      Component: () => {
        throw error;
      },
    },
  ]);
  render(<RouterProvider router={router} />);
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('RouteError', () => {
  it('recognises the browsers’ failed dynamic import messages', () => {
    expect(
      isChunkLoadError(
        new TypeError('Failed to fetch dynamically imported module: http://x/src/a.tsx'),
      ),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Something else'))).toBe(false);
  });

  it('offline: the screen could not load, check the connection, and a way to try again', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderThrowing(new TypeError('Failed to fetch dynamically imported module: /src/w.tsx'));
    expect(screen.getByRole('heading').textContent).toBe(englishText(SCREEN_NOT_LOADED_TITLE));
    expect(screen.getByText(englishText(SCREEN_NOT_LOADED_OFFLINE))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('any other error keeps the general page with its message', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderThrowing(new Error('boom'));
    expect(screen.getByRole('heading').textContent).toBe('Something went wrong');
    expect(screen.getByText('boom')).toBeTruthy();
  });
});
