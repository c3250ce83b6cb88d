// Exclusive leadership between tabs: only the tab holding the inbox lock listens and mints.

/**
 * Runs `whileHeld` once the named lock is granted and keeps the lock until its promise settles.
 * Resolves when the lock is released; resolves without running when `signal` aborts first.
 */
export interface LockProvider {
  hold(name: string, signal: AbortSignal, whileHeld: () => Promise<void>): Promise<void>;
}

interface WebLocks {
  request(
    name: string,
    options: { signal?: AbortSignal },
    callback: (lock: unknown) => Promise<void>,
  ): Promise<void>;
}

/** The Web Locks API: the lock is freed when the holding tab closes, so another takes over. */
export function webLockProvider(locks: WebLocks): LockProvider {
  return {
    async hold(name, signal, whileHeld) {
      try {
        await locks.request(name, { signal }, () => whileHeld());
      } catch (error) {
        if (signal.aborted) return;
        throw error;
      }
    },
  };
}

/** For environments without Web Locks (Node, old browsers): every caller is the leader. */
export const noLockProvider: LockProvider = {
  async hold(_name, signal, whileHeld) {
    if (signal.aborted) return;
    await whileHeld();
  },
};

/** navigator.locks when the platform has it, otherwise no cross-tab exclusion. */
export function defaultLockProvider(): LockProvider {
  const nav = (globalThis as { navigator?: { locks?: WebLocks } }).navigator;
  return nav?.locks ? webLockProvider(nav.locks) : noLockProvider;
}
