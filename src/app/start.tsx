// App start-up: build the light services, create the router, render, then load the protocol
// services (cashu-ts, nostr-tools) and their background work without holding up the first paint.
import { createRoot } from 'react-dom/client';
import '../index.css';
import { App } from './App';
import { createBaseServices } from './base-services';
import { readAppSettings } from './env';
import { createConsoleLogger } from './logger';
import { createAppRouter } from './router';
import { deferredServices } from './service-source';

export function startApp(rootElement: HTMLElement): void {
  const settings = readAppSettings(import.meta.env);
  const base = createBaseServices(settings, { logger: createConsoleLogger() });
  const source = deferredServices(base, () =>
    import('./background').then((m) => m.completeAndStart(base)),
  );
  const router = createAppRouter(source);
  createRoot(rootElement).render(<App router={router} />);
  // SPEC §4 "App start": an onboarded device resumes payments and starts its listener at once; a
  // new user's device loads them once the first screen is up and the browser is idle, so the next
  // onboarding step does not wait for them either.
  void base.onboarding
    .isOnboarded()
    .then(async (onboarded) => {
      if (!onboarded) await afterFirstScreen(router);
      await source.load();
    })
    .catch((error: unknown) => base.logger.error('Loading the app services failed', error));
}

function afterFirstScreen(router: ReturnType<typeof createAppRouter>): Promise<void> {
  return new Promise((resolve) => {
    const whenIdle = () =>
      'requestIdleCallback' in window
        ? window.requestIdleCallback(() => resolve(), { timeout: 2000 })
        : setTimeout(resolve, 200);
    if (router.state.initialized && router.state.navigation.state === 'idle') return whenIdle();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized || state.navigation.state !== 'idle') return;
      unsubscribe();
      whenIdle();
    });
  });
}
