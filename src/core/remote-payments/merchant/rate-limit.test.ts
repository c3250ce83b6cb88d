import { describe, expect, it } from 'vitest';
import { createRateLimiter, rateLimited } from './rate-limit';

describe('rate limiter', () => {
  it('lets one call through per interval', () => {
    let now = 1_000;
    const limiter = createRateLimiter(60_000, () => now);
    expect(limiter.tryAcquire()).toBe(true);
    expect(limiter.tryAcquire()).toBe(false);
    now += 59_999;
    expect(limiter.tryAcquire()).toBe(false);
    now += 1;
    expect(limiter.tryAcquire()).toBe(true);
  });

  it('drops calls to a wrapped callback inside the interval', () => {
    let now = 0;
    const shown: string[] = [];
    const toast = rateLimited(
      (text: string) => shown.push(text),
      60_000,
      () => now,
    );
    toast('a');
    toast('b');
    now = 61_000;
    toast('c');
    expect(shown).toEqual(['a', 'c']);
  });
});
