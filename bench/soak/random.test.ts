// The soak's generator: one seed, one sequence; weights and ranges kept.
import { describe, expect, it } from 'vitest';
import { Random } from './random.ts';

describe('the soak generator', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    const draw = (seed: number) => Array.from({ length: 5 }, () => new Random(seed).int(0, 1e6));
    const a = new Random(42);
    const b = new Random(42);
    const seqA = Array.from({ length: 20 }, () => a.int(0, 1e9));
    const seqB = Array.from({ length: 20 }, () => b.int(0, 1e9));
    expect(seqA).toEqual(seqB);
    expect(draw(1)).not.toEqual(draw(2));
  });

  it('stays within a range, both ends included, and never picks a weight of 0', () => {
    const random = new Random(7);
    const seen = new Set<number>();
    for (let i = 0; i < 2_000; i += 1) seen.add(random.int(3, 6));
    expect([...seen].sort()).toEqual([3, 4, 5, 6]);
    const picked = new Set(
      Array.from({ length: 2_000 }, () => random.weighted({ a: 1, b: 0, c: 3 })),
    );
    expect([...picked].sort()).toEqual(['a', 'c']);
    const sats = Array.from({ length: 2_000 }, () => random.sats(5_000));
    expect(Math.min(...sats)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...sats)).toBeLessThanOrEqual(5_000);
  });
});
