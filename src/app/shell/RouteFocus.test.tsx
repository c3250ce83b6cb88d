// @vitest-environment happy-dom
// The browser tab names the screen in the language shown (another language's titles load when it
// is shown), and follows a change of language.
import { cleanup, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Language } from '../../core/i18n/messages';
import { ENGLISH, LanguageContext } from '../../ui/i18n';
import { loadLanguage } from '../start-up/other-languages';
import { RouteFocus } from './RouteFocus';

afterEach(cleanup);

function app(language: Language, router: ReturnType<typeof createMemoryRouter>) {
  return (
    <LanguageContext.Provider value={language}>
      <RouterProvider router={router} />
    </LanguageContext.Provider>
  );
}

describe('RouteFocus: the document title', () => {
  it('names the screen in the chosen language, and again when the language changes', async () => {
    const spanish = await loadLanguage('es');
    const router = createMemoryRouter(
      [
        {
          element: (
            <>
              <RouteFocus />
              <Outlet />
            </>
          ),
          children: [{ path: '/wallet', element: <h1>W</h1>, handle: { title: 'Wallet' } }],
        },
      ],
      { initialEntries: ['/wallet'] },
    );
    const view = render(app(spanish, router));
    await waitFor(() => expect(document.title).toBe('Monedero · Cashew POS'));
    view.rerender(app(ENGLISH, router));
    await waitFor(() => expect(document.title).toBe('Wallet · Cashew POS'));
  });
});
