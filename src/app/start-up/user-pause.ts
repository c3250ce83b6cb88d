// A pause of the person at the screen: background work that competes with their taps for the
// device (the service worker's precache download) waits for a moment with no input
// (docs/decisions/0011-service-worker.md).

/** How long without a tap, key or scroll counts as a pause. */
export const USER_PAUSE_MS = 3_000;

const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/** Resolves once `quietMs` have passed with no input on `target`; each input starts the wait anew. */
export function afterUserPause(
  target: EventTarget = window,
  quietMs: number = USER_PAUSE_MS,
): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      for (const type of INPUT_EVENTS) target.removeEventListener(type, restart, true);
      resolve();
    };
    let timer = setTimeout(done, quietMs);
    function restart() {
      clearTimeout(timer);
      timer = setTimeout(done, quietMs);
    }
    for (const type of INPUT_EVENTS) {
      target.addEventListener(type, restart, { capture: true, passive: true });
    }
  });
}
