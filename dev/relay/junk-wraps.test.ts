// The junk wraps are what a relay and a client take for real events: valid ids and signatures.
import { describe, expect, it } from 'vitest';
import { verifyEvent } from 'nostr-tools/pure';
import { junkWraps } from './junk-wraps.ts';

describe('junkWraps', () => {
  it('makes distinct, validly signed kind 1059 events addressed to the key', () => {
    const to = 'ab'.repeat(32);
    const events = junkWraps(to, 50, { now: 1_750_000_000 });
    expect(new Set(events.map((e) => e.id)).size).toBe(50);
    for (const event of events) {
      expect(verifyEvent({ ...event })).toBe(true);
      expect(event.tags).toEqual([['p', to]]);
      expect(event.created_at).toBeLessThanOrEqual(1_750_000_000);
      expect(event.created_at).toBeGreaterThan(1_750_000_000 - 172_800);
    }
  });
});
