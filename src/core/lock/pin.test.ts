// The PIN's shape and the wait after wrong PINs.
import { describe, expect, it } from 'vitest';
import { validatePin, waitAfterFailures } from './pin';

describe('PIN rules', () => {
  it('accepts 4 to 12 digits only', () => {
    expect(validatePin('0000')).toBe('0000');
    expect(validatePin('123456789012')).toBe('123456789012');
    for (const bad of ['123', '1234567890123', '12 34', '12a4', '١٢٣٤']) {
      expect(() => validatePin(bad)).toThrow('The PIN must be 4 to 12 digits');
    }
  });

  it('waits 1 s after the first wrong PIN, doubling up to 5 minutes', () => {
    expect([0, 1, 2, 3, 4, 9, 10, 50].map(waitAfterFailures)).toEqual([
      0, 1_000, 2_000, 4_000, 8_000, 256_000, 300_000, 300_000,
    ]);
  });
});
