// One run at a time, with the calls made during a run folded into one more run after it; what the
// catalog publisher, automatic cash-out and the payment resume each need.

/**
 * Wraps `runOnce` so that at most one run is in flight: a call during a run returns that run and
 * makes one more after it, however many calls came. Once `stopped()` is true nothing new starts.
 * The returned function rejects only if `runOnce` does.
 */
export function serialRuns(
  runOnce: () => Promise<void>,
  stopped: () => boolean = () => false,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  return () => {
    if (stopped()) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await runOnce();
        } while (again && !stopped());
      } finally {
        running = null;
      }
    })();
    return running;
  };
}

/**
 * Wraps `run` so that each call starts after every earlier one has finished, and returns its own
 * run's result; `idle` is what the queue holds before the first call.
 */
export function queuedRuns<T>(run: () => Promise<T>, idle: T): () => Promise<T> {
  let last: Promise<T> = Promise.resolve(idle);
  return () => {
    last = last.then(() => run());
    return last;
  };
}
