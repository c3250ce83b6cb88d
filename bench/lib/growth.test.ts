// The linear-growth rule of bench/lib/growth.mjs: 10x the rows may cost 10x plus the allowance.
import { describe, expect, it } from 'vitest';
import { growthCheck } from './growth.mjs';

const series = (a: number, b: number, c: number) => [
  { size: 1000, read: { median: a } },
  { size: 10000, read: { median: b } },
  { size: 100000, read: { median: c } },
];

describe('growthCheck', () => {
  it('passes linear growth and reports the worst ratio', () => {
    const result = growthCheck(series(1, 10, 100), ['read'], { allowance: { read: 5 } });
    expect(result.pass).toBe(true);
    expect(result.value).toBe(10);
    expect(result.steps).toHaveLength(2);
  });

  it('lets sub-millisecond reads grow past 10x within the fixed allowance', () => {
    const result = growthCheck(series(0.1, 0.3, 4), ['read'], { allowance: { read: 5 } });
    expect(result.pass).toBe(true);
    expect(result.value).toBeCloseTo(13.33, 2);
  });

  it('fails a step that grows faster than linear beyond the allowance', () => {
    const result = growthCheck(series(2, 20, 400), ['read'], { allowance: { read: 5 } });
    expect(result.pass).toBe(false);
    expect(result.failed).toEqual(['read 10000->100000']);
  });
});
