// The pool refuses a gift wrap that cannot be NIP-44 v2 before checking its signature, checks
// every other event's, and leaves them to the subscriber only when asked to (decision 0099).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NostrEvent } from 'nostr-tools/core';
import { v2 } from 'nostr-tools/nip44';
import * as pure from 'nostr-tools/pure';
import { createRelayPool, verifyRelayEvent } from './relay-pool';

vi.mock('nostr-tools/pure', async (original) => {
  const actual = await original<typeof import('nostr-tools/pure')>();
  return { ...actual, verifyEvent: vi.fn(actual.verifyEvent) };
});
const verify = vi.mocked(pure.verifyEvent);

/** A copy as a relay's message would carry it, with its signature replaced. */
function forged(event: NostrEvent): NostrEvent {
  return { ...(JSON.parse(JSON.stringify(event)) as NostrEvent), sig: '00'.repeat(64) };
}

function signed(kind: number, content: string): NostrEvent {
  const template = { kind, created_at: 1_750_000_000, tags: [['p', 'ab'.repeat(32)]], content };
  const event = pure.finalizeEvent(template, pure.generateSecretKey());
  return JSON.parse(JSON.stringify(event)) as NostrEvent;
}

beforeEach(() => {
  verify.mockClear();
});

describe('verifyRelayEvent', () => {
  it('refuses a wrap whose content is not NIP-44 v2 without checking its signature', () => {
    expect(verifyRelayEvent(signed(1059, 'A'.repeat(1_000)))).toBe(false);
    expect(verify).not.toHaveBeenCalled();
  });

  it('checks the signature of a well-shaped wrap and of any other event', () => {
    const wrap = signed(1059, v2.encrypt('a sale', new Uint8Array(32).fill(3)));
    expect(verifyRelayEvent(wrap)).toBe(true);
    expect(verifyRelayEvent(forged(wrap))).toBe(false);
    expect(verifyRelayEvent(signed(10019, 'A'.repeat(1_000)))).toBe(true);
    expect(verify).toHaveBeenCalledTimes(3);
  });
});

describe('createRelayPool', () => {
  it('leaves signatures to the subscriber only when asked, and then says how to check them', () => {
    const WebSocket = class {} as unknown as typeof globalThis.WebSocket;
    expect(createRelayPool({ WebSocket }).checkSignature).toBeUndefined();
    const deferring = createRelayPool({ WebSocket, deferSignatures: true });
    const wrap = signed(1059, v2.encrypt('a sale', new Uint8Array(32).fill(3)));
    expect(deferring.checkSignature?.(wrap)).toBe(true);
    expect(deferring.checkSignature?.(forged(wrap))).toBe(false);
  });
});
