// The seen-wrap set stays within its count and its created_at window, oldest out first.
import { describe, expect, it } from 'vitest';
import { SeenWraps } from './seen-wraps';

const NOW = 1_750_000_000;

describe('SeenWraps', () => {
  it('never holds more than its cap: the oldest ids are forgotten first', () => {
    const seen = new SeenWraps(100, 86_400);
    for (let i = 0; i < 1_000; i++) seen.add(`id-${i}`, NOW, NOW);
    expect(seen.size).toBe(100);
    expect(seen.has('id-899')).toBe(false);
    expect(seen.has('id-900')).toBe(true);
    expect(seen.has('id-999')).toBe(true);
  });

  it('forgets ids whose created_at fell out of the window, whatever order they came in', () => {
    const seen = new SeenWraps(100, 86_400);
    seen.add('recent', NOW - 60, NOW);
    seen.add('ancient', NOW - 10 * 86_400, NOW);
    for (let i = 0; i < 20; i++) seen.add(`fresh-${i}`, NOW, NOW);
    expect(seen.has('ancient')).toBe(false);
    expect(seen.has('recent')).toBe(true);
    expect(seen.size).toBe(21);
  });

  it('a repeated id counts once and forgetting one lets it in again', () => {
    const seen = new SeenWraps(10, 86_400);
    seen.add('a', NOW, NOW);
    seen.add('a', NOW, NOW);
    expect(seen.size).toBe(1);
    seen.delete('a');
    expect(seen.has('a')).toBe(false);
  });
});
