// The wait after wrong PINs, decided from the stored attempts row (docs/security.md "The merchant PIN").
// The row keeps the last failure's wall-clock time and the count; each page also measures, with its
// own monotonic clock, how long it has known that failure, so moving the wall clock either way
// never shortens a wait (decision 0023).
import { waitAfterFailures } from './pin';

/** Wrong PINs in a row, and when the last one was recorded (wall clock, ms since the epoch). */
export interface PinAttempts {
  failures: number;
  lastFailureAt: number;
}

export const NO_ATTEMPTS: PinAttempts = { failures: 0, lastFailureAt: 0 };

export interface AttemptView {
  /** Milliseconds before the next PIN may be checked (0: now). */
  waitMs: number;
  /** The row to store instead, when the wall clock is earlier than the last failure. */
  restart?: PinAttempts;
}

/**
 * `now` is the wall clock; `knownForMs` is how long this page has known this very failure by its
 * monotonic clock (0 when it has just read it). Both must have passed the step: the wall clock
 * alone can be moved forward, and a page cannot have known a failure for longer than it exists.
 * A wall clock earlier than the last failure cannot say how long ago it was: the full step starts
 * again from now.
 */
export function viewAttempts(stored: PinAttempts, now: number, knownForMs: number): AttemptView {
  if (stored.failures <= 0) return { waitMs: 0 };
  const step = waitAfterFailures(stored.failures);
  if (now < stored.lastFailureAt) {
    return { waitMs: step, restart: { failures: stored.failures, lastFailureAt: now } };
  }
  const byWall = stored.lastFailureAt + step - now;
  const byMonotonic = step - knownForMs;
  return { waitMs: Math.max(0, byWall, byMonotonic) };
}

/** The row written before a PIN is checked: one more failure, now. */
export function recordFailure(stored: PinAttempts, now: number): PinAttempts {
  return { failures: stored.failures + 1, lastFailureAt: now };
}

/** Identity of the last failure, so a page knows when another tab recorded a new one. */
export function failureKey(stored: PinAttempts): string {
  return `${stored.failures}@${stored.lastFailureAt}`;
}
