// Integration: MintDiscovery over the real pool-backed relay query against the dev relay.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startRelay, type DevRelay } from '../../../dev/relay/server.ts';
import { seedMintRecommendation } from '../../../dev/relay/seed.ts';
import type { Logger } from '../logger';
import { MintDiscovery, RECOMMENDATION_FILTER } from './mint-discovery';
import { createPoolRelayQuery } from './simple-pool-query';

const MINT_URL = 'http://127.0.0.1:3338';

function recordingLogger() {
  const lines: string[] = [];
  const log = (message: string) => void lines.push(message);
  const logger: Logger = { debug: log, info: log, warn: log, error: log };
  return { logger, lines };
}

/** A ws:// URL nothing listens on: a relay started and closed again. */
async function deadRelayUrl(): Promise<string> {
  const relay = await startRelay({ port: 0 });
  await relay.close();
  return relay.url;
}

describe('MintDiscovery with the dev relay', () => {
  let relay: DevRelay;
  const queryRelays = createPoolRelayQuery({ WebSocket });
  const noFetch = async (): Promise<Response> => {
    throw new Error('no auditor in this test');
  };

  beforeEach(async () => {
    relay = await startRelay({ port: 0 });
  });
  afterEach(async () => {
    await relay.close();
  });

  it('discovers a mint recommended on the relay', async () => {
    await seedMintRecommendation(relay.url, MINT_URL, { content: '[4/5] local mint' });
    const { logger, lines } = recordingLogger();

    const mints = await new MintDiscovery({ fetch: noFetch, queryRelays, logger }).discover({
      relays: [relay.url],
    });

    expect(mints).toHaveLength(1);
    expect(mints[0]).toMatchObject({
      url: MINT_URL,
      score: 4,
      recommendations: [{ score: 4, comment: 'local mint' }],
    });
    expect(lines).toEqual([]);
  });

  it('still discovers through a live relay when another relay is down', async () => {
    await seedMintRecommendation(relay.url, MINT_URL);
    const { logger, lines } = recordingLogger();

    const mints = await new MintDiscovery({ fetch: noFetch, queryRelays, logger }).discover({
      relays: [await deadRelayUrl(), relay.url],
    });

    expect(mints.map((m) => [m.url, m.score])).toEqual([[MINT_URL, 5]]);
    expect(lines).toEqual([]);
  });

  it('resolves with no events from a relay that has none', async () => {
    await expect(queryRelays([relay.url], RECOMMENDATION_FILTER, 3000)).resolves.toEqual([]);
  });

  it('rejects when no relay can be reached, which discovery logs', async () => {
    const dead = await deadRelayUrl();
    await expect(queryRelays([dead], RECOMMENDATION_FILTER, 3000)).rejects.toThrow(dead);

    const { logger, lines } = recordingLogger();
    const mints = await new MintDiscovery({ fetch: noFetch, queryRelays, logger }).discover({
      relays: [dead],
    });
    expect(mints).toEqual([]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Could not get nostr recommendations: /);
  });
});
