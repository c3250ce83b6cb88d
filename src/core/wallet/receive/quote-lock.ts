// Cross-tab exclusion for minting one quote: two tabs of the app must not mint the same quote at once.

/** Runs `critical` while holding the named lock; resolves with its result. */
export type QuoteLock = <T>(name: string, critical: () => Promise<T>) => Promise<T>;

interface WebLocks {
  request<T>(name: string, callback: (lock: unknown) => Promise<T>): Promise<T>;
}

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

/**
 * The Web Locks API when the platform has it (every tab of the origin shares it, and a closed
 * tab frees its locks), otherwise in-process exclusion only (Node, old browsers).
 */
export function defaultQuoteLock(): QuoteLock {
  const nav = (globalThis as { navigator?: { locks?: WebLocks } }).navigator;
  const locks = nav?.locks;
  if (!locks) return inProcessQuoteLock();
  return <T>(name: string, critical: () => Promise<T>) => locks.request(name, () => critical());
}
