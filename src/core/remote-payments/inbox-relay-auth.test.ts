// The inbox's side of NIP-42 on a fake pool: the AUTH answer is the device key's, each relay's
// delivery is reported, and stopping closes the REQ nostr-tools re-sends after AUTH (by abort).
import { makeAuthEvent } from 'nostr-tools/nip42';
import { generateSecretKey, getPublicKey, verifyEvent } from 'nostr-tools/pure';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RemotePaymentInbox } from './merchant/inbox';
import { noLockProvider } from '../cross-tab-lock';
import { RelayStatusBoard } from './merchant/relay-status';
import { FakeRelayPool } from '../../testing/remote-payments/fake-pool';
import { MemoryProcessedQuoteStore } from '../../testing/remote-payments/memory-processed-quotes';

const OPEN = 'ws://open.test';
const DOWN = 'ws://down.test';
const inboxes: RemotePaymentInbox[] = [];
afterEach(async () => {
  await Promise.all(inboxes.splice(0).map((inbox) => inbox.stop()));
});

function listening(secretKey: Uint8Array) {
  const pool = new FakeRelayPool();
  pool.behaviour.set(DOWN, 'down');
  const status = new RelayStatusBoard();
  const inbox = new RemotePaymentInbox({
    createPool: () => pool,
    getRelays: async () => [OPEN, ` ${DOWN} `],
    getSecretKey: async () => secretKey,
    getMintUrl: async () => 'http://mint.test',
    processedQuotes: new MemoryProcessedQuoteStore(),
    takeOver: async () => true,
    lockProvider: noLockProvider,
    retryDelaysMs: [60_000],
    relayStatus: status,
  });
  inboxes.push(inbox);
  return { pool, status, inbox };
}

describe('RemotePaymentInbox and relay AUTH', () => {
  it('answers a challenge with the device key and reports each relay', async () => {
    const key = generateSecretKey();
    const { pool, status, inbox } = listening(key);
    await inbox.start();
    await vi.waitFor(() =>
      expect(status.snapshot()).toEqual([
        { relay: OPEN, delivery: { state: 'connected' } },
        { relay: DOWN, delivery: { state: 'unreachable', reason: 'relay connection closed' } },
      ]),
    );
    const [subscription] = pool.openSubscriptions(OPEN);
    const answer = await subscription!.params.onauth!(makeAuthEvent(OPEN, 'challenge-1'));
    expect(verifyEvent(answer)).toBe(true);
    expect(answer.pubkey).toBe(getPublicKey(key));
    expect(answer.tags).toContainEqual(['challenge', 'challenge-1']);
  });

  it('aborts the subscription on stop, and the board says this tab no longer listens', async () => {
    const { pool, status, inbox } = listening(generateSecretKey());
    await inbox.start();
    await vi.waitFor(() => expect(pool.openSubscriptions(OPEN)).toHaveLength(1));
    const signal = pool.openSubscriptions(OPEN)[0]!.params.abort!;
    expect(signal.aborted).toBe(false);
    await inbox.stop();
    expect(signal.aborted).toBe(true);
    expect(status.snapshot()).toEqual([]);
  });
});
