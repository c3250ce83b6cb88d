// Gift wraps (NIP-17/59) travel through the dev relay the way the app's remote payments use it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateSecretKey, getPublicKey, type NostrEvent } from 'nostr-tools/pure';
import { SimplePool, useWebSocketImplementation } from 'nostr-tools/pool';
import * as nip17 from 'nostr-tools/nip17';
import { unwrapEvent } from 'nostr-tools/nip59';
import WebSocket from 'ws';
import { giftWrapAt } from './pinned-wrap.ts';
import { startRelay, type DevRelay } from './server.ts';

useWebSocketImplementation(WebSocket);

const TWO_DAYS = 2 * 24 * 60 * 60;

function receiveOne(
  pool: SimplePool,
  url: string,
  pubkey: string,
): { eose: Promise<void>; event: Promise<NostrEvent> } {
  let onEose!: () => void;
  let onEvent!: (event: NostrEvent) => void;
  const eose = new Promise<void>((resolve) => (onEose = resolve));
  const event = new Promise<NostrEvent>((resolve) => (onEvent = resolve));
  pool.subscribe([url], { kinds: [1059], '#p': [pubkey] }, { oneose: onEose, onevent: onEvent });
  return { eose, event };
}

describe('dev relay carries gift wraps', () => {
  let relay: DevRelay;
  const pools: SimplePool[] = [];
  const newPool = () => {
    const pool = new SimplePool();
    pools.push(pool);
    return pool;
  };

  beforeEach(async () => {
    relay = await startRelay({ port: 0 });
  });
  afterEach(async () => {
    for (const pool of pools.splice(0)) pool.destroy();
    await relay.close();
  });

  it('delivers a wrap live to the subscribed recipient and again from storage after reconnecting', async () => {
    const merchantSk = generateSecretKey();
    const merchant = getPublicKey(merchantSk);
    const cashierSk = generateSecretKey();
    const listener = newPool();
    const live = receiveOne(listener, relay.url, merchant);
    await live.eose;

    const wrap = nip17.wrapEvent(cashierSk, { publicKey: merchant }, '{"quote":"q1","amount":21}');
    await Promise.all(newPool().publish([relay.url], wrap));

    const received = await live.event;
    expect(received.id).toBe(wrap.id);
    expect(unwrapEvent(received, merchantSk).content).toBe('{"quote":"q1","amount":21}');

    listener.destroy();
    const stored = await newPool().querySync([relay.url], { kinds: [1059], '#p': [merchant] });
    expect(stored.map((e) => e.id)).toEqual([wrap.id]);
  });

  it('accepts and serves a wrap back-dated by almost two days', async () => {
    const merchantSk = generateSecretKey();
    const merchant = getPublicKey(merchantSk);
    const now = Math.floor(Date.now() / 1000);
    const wrap = giftWrapAt(
      '{"quote":"old","amount":5}',
      generateSecretKey(),
      merchant,
      now - TWO_DAYS + 60,
    );

    const live = receiveOne(newPool(), relay.url, merchant);
    await live.eose;
    await Promise.all(newPool().publish([relay.url], wrap));
    expect((await live.event).id).toBe(wrap.id);

    const stored = await newPool().querySync([relay.url], { kinds: [1059], '#p': [merchant] });
    expect(stored).toHaveLength(1);
    expect(unwrapEvent(stored[0]!, merchantSk).content).toBe('{"quote":"old","amount":5}');
  });

  it('does not push a wrap for someone else to a #p subscriber', async () => {
    const merchant = getPublicKey(generateSecretKey());
    const stranger = getPublicKey(generateSecretKey());
    const listener = newPool();
    const seen: string[] = [];
    let onEose!: () => void;
    const eose = new Promise<void>((resolve) => (onEose = resolve));
    listener.subscribe(
      [relay.url],
      { kinds: [1059], '#p': [merchant] },
      {
        oneose: onEose,
        onevent: (e) => seen.push(e.id),
      },
    );
    await eose;

    const forStranger = nip17.wrapEvent(generateSecretKey(), { publicKey: stranger }, 'not yours');
    const forMerchant = nip17.wrapEvent(generateSecretKey(), { publicKey: merchant }, 'yours');
    await Promise.all(newPool().publish([relay.url], forStranger));
    await Promise.all(newPool().publish([relay.url], forMerchant));
    // Events on one connection arrive in order, so once the second is seen the first was skipped.
    await expect.poll(() => seen).toContain(forMerchant.id);
    expect(seen).toEqual([forMerchant.id]);
  });
});
