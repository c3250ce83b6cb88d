// The free checks on a wrap, and how far back an unfinished message may hold a relay's lookback.
import { describe, expect, it } from 'vitest';
import type { NostrEvent } from 'nostr-tools/core';
import { v2 } from 'nostr-tools/nip44';
import { GIFT_WRAP_BACKDATE_SECONDS } from '../constants';
import {
  INBOX_MAX_HOLD_SECONDS,
  lookbackFloor,
  MAX_WRAP_CONTENT_CHARS,
  precheckWrap,
} from './inbox-bounds';

const ME = 'ab'.repeat(32);
const NOW = 1_750_000_000;

function wrap(overrides: Partial<NostrEvent> = {}): NostrEvent {
  return {
    id: '01'.repeat(32),
    pubkey: 'cd'.repeat(32),
    kind: 1059,
    created_at: NOW,
    tags: [['p', ME]],
    content: v2.encrypt('x'.repeat(1_400), new Uint8Array(32).fill(7)),
    sig: '00'.repeat(64),
    ...overrides,
  };
}

describe('precheckWrap', () => {
  it('lets a wrap of a payment message through', () => {
    expect(precheckWrap(wrap(), ME)).toBeUndefined();
  });

  it('drops a wrap over the size limit, another kind, or one not addressed to us', () => {
    expect(precheckWrap(wrap({ content: 'A'.repeat(MAX_WRAP_CONTENT_CHARS + 1) }), ME)).toMatch(
      /over/,
    );
    expect(precheckWrap(wrap({ kind: 4 }), ME)).toMatch(/not a gift wrap/);
    expect(precheckWrap(wrap({ tags: [['p', 'ef'.repeat(32)]] }), ME)).toMatch(/not addressed/);
  });

  it('drops a wrap whose content cannot be a NIP-44 v2 payload, unopened', () => {
    expect(precheckWrap(wrap({ content: 'A'.repeat(2_000) }), ME)).toMatch(/not a NIP-44 v2/);
  });
});

describe('lookbackFloor', () => {
  it('holds the lookback at created_at + the back-dating window of a recent unfinished message', () => {
    const createdAt = NOW - 60 * 3600;
    expect(lookbackFloor(NOW, [createdAt], NOW)).toBe(createdAt + GIFT_WRAP_BACKDATE_SECONDS);
  });

  it('never holds it further back than the bound, whatever created_at the sender chose', () => {
    expect(lookbackFloor(NOW, [0], NOW)).toBe(NOW - INBOX_MAX_HOLD_SECONDS);
    expect(lookbackFloor(NOW, [NOW - 365 * 86_400, NOW - 10], NOW)).toBe(
      NOW - INBOX_MAX_HOLD_SECONDS,
    );
  });

  it('records the time asked when nothing is unfinished', () => {
    expect(lookbackFloor(NOW - 5, [], NOW)).toBe(NOW - 5);
  });
});
