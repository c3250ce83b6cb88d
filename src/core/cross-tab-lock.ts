// Exclusion between the app's tabs, on the Web Locks API (every tab of the origin shares it, and a
// closed tab frees its locks): one tab mints a given quote, one tab leads the inbox.

/** The part of `navigator.locks` this module uses. */
interface WebLocks {
  request<T>(
    name: string,
    options: { signal?: AbortSignal },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T>;
}

function platformLocks(): WebLocks | undefined {
  return (globalThis as { navigator?: { locks?: WebLocks } }).navigator?.locks;
}

/** Runs `critical` while holding the named lock; resolves with its result. */
export type QuoteLock = <T>(name: string, critical: () => Promise<T>) => Promise<T>;

/** Serialises callers of the same name inside this JS realm only. */
export function inProcessQuoteLock(): QuoteLock {
  const tails = new Map<string, Promise<unknown>>();
  return async <T>(name: string, critical: () => Promise<T>): Promise<T> => {
    const before = tails.get(name) ?? Promise.resolve();
    const run = before.then(critical, critical);
    const tail = run.catch(() => undefined);
    tails.set(name, tail);
    try {
      return await run;
    } finally {
      if (tails.get(name) === tail) tails.delete(name);
    }
  };
}

/** Web Locks when the platform has them, otherwise in-process exclusion only (Node, old browsers). */
export function defaultQuoteLock(): QuoteLock {
  const locks = platformLocks();
  if (!locks) return inProcessQuoteLock();
  return <T>(name: string, critical: () => Promise<T>) => locks.request(name, {}, critical);
}

/**
 * Leadership: runs `whileHeld` once the named lock is granted and keeps the lock until its promise
 * settles. Resolves when the lock is released; resolves without running when `signal` aborts first.
 */
export interface LockProvider {
  hold(name: string, signal: AbortSignal, whileHeld: () => Promise<void>): Promise<void>;
}

/** Leadership on Web Locks: the lock is freed when the holding tab closes, so another takes over. */
export function webLockProvider(locks: {
  request(
    name: string,
    options: { signal?: AbortSignal },
    callback: (lock: unknown) => Promise<void>,
  ): Promise<void>;
}): LockProvider {
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
  const locks = platformLocks();
  return locks ? webLockProvider(locks) : noLockProvider;
}
