// created_at only moves forward, so a relay replaces the last event with the next one.
import { describe, expect, it } from 'vitest';
import { CreatedAtClock } from './created-at';

describe('CreatedAtClock', () => {
  it('gives unix seconds, and one more than the last within the same second or after the clock stepped back', () => {
    let now = 1_700_000_000_500;
    const createdAt = new CreatedAtClock(() => now);
    expect(createdAt.next()).toBe(1_700_000_000);
    expect(createdAt.next()).toBe(1_700_000_001);
    now -= 60_000;
    expect(createdAt.next()).toBe(1_700_000_002);
    now = 1_700_000_100_000;
    expect(createdAt.next()).toBe(1_700_000_100);
  });

  it('dates after an event of an earlier page load that was dated ahead of the clock', () => {
    const createdAt = new CreatedAtClock(() => 1_700_000_000_500);
    createdAt.notBefore(1_700_000_002);
    expect(createdAt.next()).toBe(1_700_000_003);
    createdAt.notBefore(1_600_000_000);
    expect(createdAt.next()).toBe(1_700_000_004);
  });
});
