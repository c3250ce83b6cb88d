// When start-up's background work may begin: the first screen shown and the browser idle after it,
// with no navigation loading (app/start-up/start.tsx; docs/performance.md "Taps").

/** The parts of a data router read here. */
export interface NavigatingRouter {
  state: { initialized: boolean; navigation: { state: string } };
  subscribe(listener: (state: NavigatingRouter['state']) => void): () => void;
}

/**
 * Resolves once the router shows its first screen and the browser went idle after it, with no
 * navigation loading at that moment. A tap made as the first screen works (the welcome's "Create
 * New Wallet") loads the next screen's code, and the main thread is idle while it downloads: the
 * background work started in that idle time (the toast container's render, the services, the
 * service worker) ran between the code's arrival and the screen's render. An idle moment during a
 * navigation waits for its end and then for the next idle moment.
 */
export function afterFirstScreenIdle(router: NavigatingRouter): Promise<void> {
  return new Promise((resolve) => {
    const ready = (state: NavigatingRouter['state']) =>
      state.initialized && state.navigation.state === 'idle';
    const idle = () => {
      const check = () => (ready(router.state) ? resolve() : whenReady());
      if ('requestIdleCallback' in window) {
        window.requestIdleCallback(check, { timeout: 2000 });
      } else {
        // The next frame's callback runs before its paint; the timer after it runs after.
        requestAnimationFrame(() => setTimeout(check, 0));
      }
    };
    const whenReady = () => {
      if (ready(router.state)) return idle();
      const unsubscribe = router.subscribe((state) => {
        if (!ready(state)) return;
        unsubscribe();
        idle();
      });
    };
    whenReady();
  });
}
