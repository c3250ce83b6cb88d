// Lets a notice through at most once per interval (the remote-payment error toast).
import type { Clock } from '../../clock';

export interface RateLimiter {
  /** True when the caller may act now; the next true comes only after the interval. */
  tryAcquire(): boolean;
}

export function createRateLimiter(intervalMs: number, clock: Clock = Date.now): RateLimiter {
  let last: number | undefined;
  return {
    tryAcquire() {
      const now = clock();
      if (last !== undefined && now - last < intervalMs) return false;
      last = now;
      return true;
    },
  };
}

/** Wraps a callback so it runs at most once per interval; extra calls are dropped. */
export function rateLimited<A extends unknown[]>(
  callback: (...args: A) => void,
  intervalMs: number,
  clock: Clock = Date.now,
): (...args: A) => void {
  const limiter = createRateLimiter(intervalMs, clock);
  return (...args: A) => {
    if (limiter.tryAcquire()) callback(...args);
  };
}
