import { generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { describe, expect, it } from 'vitest';
import { RelayPublishError } from './errors';
import { unwrapPaymentEvent, wrapPaymentMessage } from './gift-wrap';
import type { PaymentMessage } from './payment-message';
import { publishOnNewPool, publishToRelays, sendPaymentMessage } from './publish';
import { FakeRelayPool } from '../../testing/remote-payments/fake-pool';

const message: PaymentMessage = {
  quote: 'quote-1',
  amount: 100,
  request: 'lnbc1u1pdev',
  unit: 'sat',
  mint: 'http://127.0.0.1:3338',
};
const merchant = generateSecretKey();
const merchantPub = getPublicKey(merchant);

function wrap() {
  return wrapPaymentMessage({
    senderSecretKey: generateSecretKey(),
    recipientPubkeyHex: merchantPub,
    message,
  });
}

describe('publishToRelays', () => {
  it('lists only the relays that answered OK true', async () => {
    const pool = new FakeRelayPool();
    pool.behaviour.set('ws://refuse', 'refuse');
    pool.behaviour.set('ws://down', 'down');
    pool.behaviour.set('ws://hang', 'hang');
    const outcome = await publishToRelays(
      wrap(),
      ['ws://ok', 'ws://refuse', 'ws://down', 'ws://hang'],
      pool,
      { timeoutMs: 20 },
    );
    expect(outcome.accepted).toEqual(['ws://ok']);
    expect(Object.keys(outcome.failures).sort()).toEqual(['ws://down', 'ws://hang', 'ws://refuse']);
    expect(outcome.failures['ws://refuse']).toContain('blocked');
  });

  it('accepts nothing when given no relays', async () => {
    expect((await publishToRelays(wrap(), [], new FakeRelayPool())).accepted).toEqual([]);
  });
});

describe('publishOnNewPool', () => {
  it('closes the pool it opened once the relays have answered', async () => {
    const pool = new FakeRelayPool();
    pool.behaviour.set('ws://refuse', 'refuse');
    const outcome = await publishOnNewPool(() => pool, wrap(), ['ws://ok', 'ws://refuse']);
    expect(outcome.accepted).toEqual(['ws://ok']);
    expect(pool.destroyed).toBe(true);
  });
});

describe('sendPaymentMessage', () => {
  it('delivers a wrap only the merchant can open, sealed with a fresh key each time', async () => {
    const pool = new FakeRelayPool();
    const first = await sendPaymentMessage({
      recipientPubkeyHex: merchantPub,
      message,
      relays: ['ws://a', 'ws://b'],
      pool,
    });
    const second = await sendPaymentMessage({
      recipientPubkeyHex: merchantPub,
      message,
      relays: ['ws://a'],
      pool,
    });
    expect(first.accepted).toEqual(['ws://a', 'ws://b']);
    expect(pool.events.get('ws://a')).toHaveLength(2);
    const sealers = [first.event, second.event].map((e) => unwrapPaymentEvent(e, merchant).pubkey);
    expect(sealers[0]).not.toBe(sealers[1]);
    expect(sealers).not.toContain(merchantPub);
  });

  it('throws RelayPublishError when no relay accepted', async () => {
    const pool = new FakeRelayPool();
    pool.behaviour.set('ws://a', 'down');
    pool.behaviour.set('ws://b', 'refuse');
    await expect(
      sendPaymentMessage({
        recipientPubkeyHex: merchantPub,
        message,
        relays: ['ws://a', 'ws://b'],
        pool,
      }),
    ).rejects.toBeInstanceOf(RelayPublishError);
    expect(pool.events.size).toBe(0);
  });
});
