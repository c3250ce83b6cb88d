// Top-level React tree: the router plus the toast container that outlives page changes.
import { lazy, StrictMode, Suspense, useSyncExternalStore } from 'react';
import { LanguageContext } from '../../ui/i18n';
import type { LanguageSource } from '../start-up/language';
import { RouterProvider } from 'react-router/dom';
import type { createAppRouter } from '../routes/router';

// react-toastify loads after the first screen; toasts raised before it mounts are queued by it.
const Toaster = lazy(() => import('../../ui/toast/toaster').then((m) => ({ default: m.Toaster })));

export interface AppProps {
  router: ReturnType<typeof createAppRouter>;
  /** The texts' language (app/start-up/language.ts); screens outside its provider are in English. */
  language: LanguageSource;
  /**
   * Mounts the toast container. start.tsx sets it once the first screen is up, so the welcome and
   * keypad do not wait for react-toastify (its code, its injected stylesheet) before they paint.
   */
  toasts?: boolean;
}

export function App({ router, language, toasts = true }: AppProps) {
  // The same snapshot while hydrating: without one React drops the prerendered welcome.
  const shown = useSyncExternalStore(language.subscribe, language.get, language.get);
  return (
    <StrictMode>
      <LanguageContext.Provider value={shown}>
        {/* Screens change in one render, not a transition React slices and yields between
          (docs/decisions/0047-router-without-transitions.md). */}
        <RouterProvider router={router} useTransitions={false} />
        {toasts ? (
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        ) : null}
      </LanguageContext.Provider>
    </StrictMode>
  );
}
