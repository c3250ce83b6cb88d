// The merchant PIN's shape and the wait after wrong PINs (docs/security.md).
import { ValidationError } from '../errors';

export const PIN_MIN_DIGITS = 4;
export const PIN_MAX_DIGITS = 12;
export const PIN_FORMAT_MESSAGE = 'The PIN must be 4 to 12 digits';
export const PIN_MISMATCH_MESSAGE = 'The two PINs do not match';

/** The first wrong PIN waits 1 s, each further one twice as long, never more than 5 min. */
export const FIRST_WAIT_MS = 1_000;
export const LONGEST_WAIT_MS = 5 * 60_000;

/** Returns the PIN (digits only, 4 to 12) or throws the ValidationError shown under the field. */
export function validatePin(pin: string): string {
  if (!/^[0-9]+$/.test(pin) || pin.length < PIN_MIN_DIGITS || pin.length > PIN_MAX_DIGITS) {
    throw new ValidationError(PIN_FORMAT_MESSAGE);
  }
  return pin;
}

/** Milliseconds to wait after `failures` wrong PINs in a row (0 for none). */
export function waitAfterFailures(failures: number): number {
  if (failures <= 0) return 0;
  // 2^19 s is already past the cap; keeps the power from growing without bound.
  return Math.min(FIRST_WAIT_MS * 2 ** Math.min(failures - 1, 19), LONGEST_WAIT_MS);
}

/** A new PIN typed twice: the PIN, or the ValidationError to show. */
export function choosePin(pin: string, repeated: string): string {
  validatePin(pin);
  if (pin !== repeated) throw new ValidationError(PIN_MISMATCH_MESSAGE);
  return pin;
}
