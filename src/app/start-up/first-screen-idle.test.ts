// @vitest-environment happy-dom
// Start-up's background work waits for an idle moment with no navigation loading.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settledFlag } from '../../testing/settled';
import { afterFirstScreenIdle, type NavigatingRouter } from './first-screen-idle';

/** A router whose state the test sets, telling its listeners. */
function fakeRouter(initialized: boolean, navigation: string) {
  const listeners = new Set<(state: NavigatingRouter['state']) => void>();
  const router: NavigatingRouter & { set(navigation: string): void } = {
    state: { initialized, navigation: { state: navigation } },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      router.state = { initialized: true, navigation: { state: next } };
      for (const listener of [...listeners]) listener(router.state);
    },
  };
  return router;
}

/** Idle callbacks held until the test runs them. */
function heldIdleCallbacks() {
  const held: IdleRequestCallback[] = [];
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => held.push(callback));
  return () => {
    const due = held.splice(0);
    for (const callback of due) callback({ didTimeout: false, timeRemaining: () => 50 });
    return due.length;
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('afterFirstScreenIdle', () => {
  it('resolves at the first idle moment once the first screen is shown', async () => {
    const runIdle = heldIdleCallbacks();
    const router = fakeRouter(false, 'loading');
    const settled = settledFlag(afterFirstScreenIdle(router));
    expect(runIdle()).toBe(0);
    router.set('idle');
    expect(runIdle()).toBe(1);
    await vi.waitFor(() => expect(settled()).toBe(true));
  });

  it('does not start while a tap’s navigation loads its screen, and waits for its end', async () => {
    const runIdle = heldIdleCallbacks();
    const router = fakeRouter(true, 'idle');
    const settled = settledFlag(afterFirstScreenIdle(router));
    // The welcome tapped before the browser went idle: its navigation loads the next screen.
    router.set('loading');
    expect(runIdle()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled()).toBe(false);
    expect(runIdle()).toBe(0);

    router.set('idle');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled()).toBe(false);
    expect(runIdle()).toBe(1);
    await vi.waitFor(() => expect(settled()).toBe(true));
  });
});
