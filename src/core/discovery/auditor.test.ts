// Auditor list fetching and entry validation (docs/protocol.md "Mint discovery": invalid
// entries skipped).
import { describe, expect, it } from 'vitest';
import { auditorListUrl, fetchAuditorMints, parseAuditorEntry, parseAuditorList } from './auditor';

const GOOD = {
  id: 7,
  url: 'https://mint.example.com/',
  name: 'Example mint',
  balance: 0,
  updated_at: '2025-01-02T03:04:05',
  state: 'OK',
  n_errors: 1,
  n_mints: 20,
  n_melts: 9,
};

describe('parseAuditorEntry', () => {
  it('maps a valid entry to auditor data with a normalised URL', () => {
    expect(parseAuditorEntry(GOOD)).toEqual({
      url: 'https://mint.example.com',
      name: 'Example mint',
      updated_at: '2025-01-02T03:04:05',
      state: 'OK',
      errors: 1,
      mints: 20,
      melts: 9,
    });
  });

  it('accepts a missing or null name as empty', () => {
    expect(parseAuditorEntry({ ...GOOD, name: null })?.name).toBe('');
    const { name: _name, ...noName } = GOOD;
    expect(parseAuditorEntry(noName)?.name).toBe('');
  });

  it('skips entries with a wrong field type or a non-http URL', () => {
    const bad: unknown[] = [
      null,
      'https://mint.example.com',
      [GOOD],
      { ...GOOD, url: 'ftp://mint.example.com' },
      { ...GOOD, url: 'javascript:alert(1)' },
      { ...GOOD, url: 42 },
      { ...GOOD, name: 5 },
      { ...GOOD, updated_at: 1735787045 },
      { ...GOOD, state: undefined },
      { ...GOOD, n_errors: '1' },
      { ...GOOD, n_mints: -1 },
      { ...GOOD, n_melts: 1.5 },
    ];
    for (const entry of bad)
      expect(parseAuditorEntry(entry), JSON.stringify(entry)).toBeUndefined();
  });
});

describe('parseAuditorList', () => {
  it('keeps the valid entries and skips the rest', () => {
    const list = parseAuditorList([
      GOOD,
      { ...GOOD, url: 'nope' },
      { ...GOOD, url: 'https://b.example' },
    ]);
    expect(list.map((e) => e.url)).toEqual(['https://mint.example.com', 'https://b.example']);
  });

  it('rejects a body that is not a list', () => {
    expect(() => parseAuditorList({ mints: [GOOD] })).toThrow('auditor reply is not a list');
  });
});

describe('fetchAuditorMints', () => {
  it('asks for the first 1000 mints', async () => {
    const urls: string[] = [];
    const fetchFn = async (url: string) => {
      urls.push(url);
      return new Response(JSON.stringify([GOOD]));
    };
    const mints = await fetchAuditorMints(fetchFn, 'https://auditor.example/', 1000);
    expect(urls).toEqual(['https://auditor.example/mints?limit=1000&skip=0']);
    expect(mints).toHaveLength(1);
    expect(auditorListUrl('https://a.example/api')).toBe(
      'https://a.example/api/mints?limit=1000&skip=0',
    );
  });

  it('fails on an HTTP error status', async () => {
    const fetchFn = async () => new Response('down', { status: 503 });
    await expect(fetchAuditorMints(fetchFn, 'https://auditor.example', 1000)).rejects.toThrow(
      'HTTP 503',
    );
  });

  it('gives up when the auditor does not answer in time', async () => {
    const fetchFn = (_url: string, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    await expect(fetchAuditorMints(fetchFn, 'https://auditor.example', 20)).rejects.toThrow(
      'timed out after 20 ms',
    );
  });
});
