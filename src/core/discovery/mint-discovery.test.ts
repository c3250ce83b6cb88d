// MintDiscovery with a fake fetch and a fake relay query: merging, and each half failing alone.
import { describe, expect, it } from 'vitest';
import type { Logger } from '../logger';
import { MintDiscovery, RECOMMENDATION_FILTER } from './mint-discovery';
import type { RelayQuery } from './relay-query';
import { recommendation } from './test-events';

const AUDITOR_URL = 'https://auditor.example';
const auditorEntry = (url: string) => ({
  url,
  name: 'n',
  updated_at: '2025-01-01T00:00:00',
  state: 'OK',
  n_errors: 0,
  n_mints: 1,
  n_melts: 1,
});

function recordingLogger() {
  const lines: string[] = [];
  const log = (message: string) => void lines.push(message);
  const logger: Logger = { debug: log, info: log, warn: log, error: log };
  return { logger, lines };
}

const okFetch = (body: unknown) => async () => new Response(JSON.stringify(body));

describe('MintDiscovery', () => {
  it('queries relays for kind 38000 with k=38172 for 3000 ms and merges with the auditor', async () => {
    const calls: Array<{ relays: string[]; filter: unknown; wait: number }> = [];
    const queryRelays: RelayQuery = async (relays, filter, wait) => {
      calls.push({ relays, filter, wait });
      return [
        recommendation({
          url: 'https://a.example/',
          content: '[4/5] good',
          author: '1'.repeat(64),
        }),
        recommendation({
          url: 'https://a.example',
          content: '[5/5] great',
          author: '2'.repeat(64),
        }),
      ];
    };
    const { logger, lines } = recordingLogger();
    const discovery = new MintDiscovery({
      fetch: okFetch([auditorEntry('https://a.example'), auditorEntry('https://b.example')]),
      queryRelays,
      logger,
    });

    const mints = await discovery.discover({
      relays: ['wss://relay.example'],
      auditorUrl: AUDITOR_URL,
    });

    expect(calls).toEqual([
      { relays: ['wss://relay.example'], filter: RECOMMENDATION_FILTER, wait: 3000 },
      // Then: did the reviewers publish anything else (profile, notes, follows, relay list)?
      {
        relays: ['wss://relay.example'],
        filter: { authors: ['1'.repeat(64), '2'.repeat(64)], kinds: [0, 1, 3, 10002] },
        wait: 1500,
      },
    ]);
    expect(RECOMMENDATION_FILTER).toEqual({ kinds: [38000], '#k': ['38172'] });
    expect(
      mints.map((m) => [m.url, m.score, m.recommendations.length, m.auditorData?.mints]),
    ).toEqual([
      ['https://a.example', 4.5, 2, 1],
      ['https://b.example', 0, 0, 1],
    ]);
    expect(lines).toEqual([]);
  });

  it('returns the auditor mints and logs when the relays fail', async () => {
    const { logger, lines } = recordingLogger();
    const discovery = new MintDiscovery({
      fetch: okFetch([auditorEntry('https://a.example')]),
      queryRelays: async () => {
        throw new Error('connection refused');
      },
      logger,
    });

    const mints = await discovery.discover({
      relays: ['wss://relay.example'],
      auditorUrl: AUDITOR_URL,
    });

    expect(mints.map((m) => m.url)).toEqual(['https://a.example']);
    expect(lines).toEqual(['Could not get nostr recommendations: connection refused']);
  });

  it('returns the relay mints and logs when the auditor fails', async () => {
    const { logger, lines } = recordingLogger();
    const discovery = new MintDiscovery({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
      queryRelays: async () => [recommendation({ url: 'https://r.example', content: '[3/5] ok' })],
      logger,
    });

    const mints = await discovery.discover({
      relays: ['wss://relay.example'],
      auditorUrl: AUDITOR_URL,
    });

    expect(mints).toMatchObject([
      { url: 'https://r.example', score: 3, recommendations: [{ score: 3, comment: 'ok' }] },
    ]);
    expect(lines).toEqual(['Could not get auditor mint list: Failed to fetch']);
  });

  it('resolves with an empty list when both halves fail', async () => {
    const { logger, lines } = recordingLogger();
    const discovery = new MintDiscovery({
      fetch: okFetch({ error: 'not a list' }),
      queryRelays: () => Promise.reject(new Error('timeout')),
      logger,
    });
    await expect(
      discovery.discover({ relays: ['wss://r'], auditorUrl: AUDITOR_URL }),
    ).resolves.toEqual([]);
    expect(lines).toHaveLength(2);
  });

  it('skips the auditor when no auditor URL is configured and relays when none are given', async () => {
    let fetched = false;
    let queried = false;
    const discovery = new MintDiscovery({
      fetch: async () => {
        fetched = true;
        return new Response('[]');
      },
      queryRelays: async () => {
        queried = true;
        return [];
      },
      logger: recordingLogger().logger,
    });
    expect(await discovery.discover({ relays: [' '], auditorUrl: '' })).toEqual([]);
    expect(fetched).toBe(false);
    expect(queried).toBe(false);
  });

  it('passes a custom relay wait through', async () => {
    let wait = 0;
    const discovery = new MintDiscovery({
      fetch: okFetch([]),
      queryRelays: async (_r, _f, ms) => {
        wait = ms;
        return [];
      },
      logger: recordingLogger().logger,
    });
    await discovery.discover({ relays: ['wss://r'], relayWaitMs: 250 });
    expect(wait).toBe(250);
  });

  it('marks which mints answered /v1/info, lists the others last, and vouches for active reviewers', async () => {
    const ACTIVE = 'a'.repeat(64);
    const FRESH = 'f'.repeat(64);
    const queryRelays: RelayQuery = async (_relays, filter) =>
      'authors' in filter
        ? [{ ...recommendation({ url: 'https://x.example', author: ACTIVE }), kind: 1 }]
        : [
            recommendation({ url: 'https://fresh.example', content: '[5/5] wow', author: FRESH }),
            recommendation({ url: 'https://known.example', content: '[3/5] ok', author: ACTIVE }),
            recommendation({ url: 'https://down.example', content: '[5/5] top', author: ACTIVE }),
          ];
    const fetch = async (input: string) => {
      if (input.startsWith(AUDITOR_URL))
        return new Response(JSON.stringify([auditorEntry('https://audited.example')]));
      if (input === 'https://down.example/v1/info') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ name: 'a mint', nuts: {} }));
    };
    const discovery = new MintDiscovery({ fetch, queryRelays, logger: recordingLogger().logger });
    const mints = await discovery.discover({
      relays: ['wss://relay.example'],
      auditorUrl: AUDITOR_URL,
    });
    expect(mints.map((m) => [m.url, m.reachable])).toEqual([
      ['https://known.example', true],
      ['https://audited.example', true],
      ['https://fresh.example', true],
      ['https://down.example', false],
    ]);
  });
});
