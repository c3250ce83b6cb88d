// Build-time settings: JSON relay lists, defaults, and the empty auditor switch.
import { describe, expect, it } from 'vitest';
import { parseUrlList, readAppSettings } from './env';

describe('readAppSettings', () => {
  it('reads the mint, relay lists and auditor from the env', () => {
    expect(
      readAppSettings({
        VITE_DEFAULT_MINT_URL: 'http://127.0.0.1:3338',
        VITE_DEFAULT_RELAYS: '["ws://127.0.0.1:7777"]',
        VITE_DISCOVERY_RELAYS: '["ws://127.0.0.1:7778"]',
        VITE_AUDITOR_URL: '',
        VITE_PRICE_URL: 'http://127.0.0.1:3340/api/v1/prices',
      }),
    ).toEqual({
      defaultMintUrl: 'http://127.0.0.1:3338',
      defaultRelays: ['ws://127.0.0.1:7777'],
      discoveryRelays: ['ws://127.0.0.1:7778'],
      auditorUrl: '',
      priceUrl: 'http://127.0.0.1:3340/api/v1/prices',
    });
  });

  it('falls back to one public mint and relay, and discovers on the default relays', () => {
    const settings = readAppSettings({});
    expect(settings.defaultMintUrl).toMatch(/^https:\/\//);
    expect(settings.defaultRelays).toHaveLength(1);
    expect(settings.defaultRelays[0]).toMatch(/^wss:\/\//);
    expect(settings.discoveryRelays).toEqual(settings.defaultRelays);
    expect(settings.auditorUrl).toMatch(/^https:\/\//);
    expect(settings.priceUrl).toBe('https://mempool.space/api/v1/prices');
  });
});

describe('parseUrlList', () => {
  it.each(['', 'not json', '{"a":1}', '[]', '[1, 2]'])('uses the fallback for %j', (value) => {
    expect(parseUrlList(value, ['wss://fallback'])).toEqual(['wss://fallback']);
  });

  it('keeps the string entries of a JSON list', () => {
    expect(parseUrlList('["wss://a", 3, "wss://b"]', [])).toEqual(['wss://a', 'wss://b']);
  });
});
