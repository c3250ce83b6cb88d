// The NIP-87 seed makes the local mint discoverable the way the app's discovery queries relays.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyEvent } from 'nostr-tools/pure';
import { SimplePool, useWebSocketImplementation } from 'nostr-tools/pool';
import WebSocket from 'ws';
import { startRelay, type DevRelay } from './server.ts';
import { DEV_RECOMMENDER_PUBKEY, seedMintRecommendation } from './seed.ts';

useWebSocketImplementation(WebSocket);

describe('seedMintRecommendation', () => {
  let relay: DevRelay;
  let pool: SimplePool;
  beforeEach(async () => {
    relay = await startRelay({ port: 0 });
    pool = new SimplePool();
  });
  afterEach(async () => {
    pool.destroy();
    await relay.close();
  });

  it('publishes a signed kind 38000 recommendation of the mint found by #k 38172', async () => {
    await seedMintRecommendation(relay.url, 'http://127.0.0.1:3338');

    const found = await pool.querySync([relay.url], { kinds: [38000], '#k': ['38172'] });
    expect(found).toHaveLength(1);
    const [event] = found;
    expect(verifyEvent(event!)).toBe(true);
    expect(event!.pubkey).toBe(DEV_RECOMMENDER_PUBKEY);
    expect(event!.content).toBe('[5/5] local development mint');
    expect(event!.tags).toContainEqual(['u', 'http://127.0.0.1:3338']);
    expect(event!.tags).toContainEqual(['k', '38172']);
    expect(event!.tags.some((tag) => tag[0] === 'd' && tag[1])).toBe(true);
  });

  it('replaces the previous recommendation of the same mint when seeded again', async () => {
    const earlier = Math.floor(Date.now() / 1000) - 60;
    await seedMintRecommendation(relay.url, 'http://127.0.0.1:3338', {
      content: '[4/5] first',
      createdAt: earlier,
    });
    await seedMintRecommendation(relay.url, 'http://127.0.0.1:3338');

    const found = await pool.querySync([relay.url], {
      kinds: [38000],
      '#u': ['http://127.0.0.1:3338'],
    });
    expect(found.map((e) => e.content)).toEqual(['[5/5] local development mint']);
  });
});
