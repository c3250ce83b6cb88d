// A part split in chunks comes back exact, gzip or not; chunks of two versions are never joined,
// a missing or altered chunk gives nothing, and every chunk's event stays under relays' size caps.
import { generateSecretKey } from 'nostr-tools/pure';
import { describe, expect, it } from 'vitest';
import {
  APP_DATA_EVENT_BYTES,
  joinChunks,
  platformCodec,
  readManifest,
  splitPart,
  type ChunkCodec,
} from './app-data-chunks';
import { appDataEvent } from './app-data-event';
import { catalogOfSize } from '../../testing/backup/big-catalog';

const identity: ChunkCodec = { encoding: 'identity', encode: async (bytes) => bytes };

describe('splitting a part in chunks', () => {
  const text = JSON.stringify({ items: catalogOfSize(2_000) });

  it.each([
    ['gzip', platformCodec()],
    ['no compression', identity],
  ])('comes back exact (%s), in any order', async (_name, codec) => {
    const { manifest, chunks } = await splitPart(text, 'a', codec);
    expect(readManifest(manifest)).toEqual(manifest.chunked);
    expect(await joinChunks(manifest.chunked, [...chunks].reverse())).toBe(text);
  });

  it('gzip puts 2,000 items in a few events, each under the 64 KiB relays cap', async () => {
    const gzip = await splitPart(text, 'a', platformCodec());
    const plain = await splitPart(text, 'a', identity);
    expect(gzip.manifest.chunked.encoding).toBe('gzip');
    expect(gzip.chunks.length).toBeLessThanOrEqual(6);
    expect(plain.chunks.length).toBeGreaterThan(gzip.chunks.length * 2);
    const key = generateSecretKey();
    for (const chunk of gzip.chunks) {
      expect(JSON.stringify(chunk).length).toBeLessThanOrEqual(APP_DATA_EVENT_BYTES);
      const event = appDataEvent(key, `items/a/${chunk.index}`, chunk, 1_700_000_000);
      expect(new TextEncoder().encode(JSON.stringify(event)).length).toBeLessThan(48 * 1024);
    }
  });

  it('never joins chunks of two versions, and a missing or altered one gives nothing', async () => {
    const older = await splitPart(text, 'a', identity);
    const newer = await splitPart(text.replace('"position":1', '"position":0'), 'a', identity);
    expect(newer.chunks.length).toBe(older.chunks.length);
    // A relay holding the first chunk of the newer version beside the rest of the older one.
    const mixed = [newer.chunks[0], ...older.chunks.slice(1)];
    expect(await joinChunks(older.manifest.chunked, mixed)).toBeUndefined();
    expect(await joinChunks(newer.manifest.chunked, mixed)).toBeUndefined();
    // Both versions read back: each manifest takes only its own.
    const both = [...older.chunks, ...newer.chunks];
    expect(await joinChunks(older.manifest.chunked, both)).toBe(text);
    expect(await joinChunks(newer.manifest.chunked, both)).not.toBe(text);
    const altered = older.chunks.map((c, i) => (i === 1 ? { ...c, data: c.data.slice(1) } : c));
    expect(await joinChunks(older.manifest.chunked, altered)).toBeUndefined();
  });

  it.each([
    ['a value of its own', { items: [] }],
    [
      'an unknown version',
      { chunked: { v: 2, slot: 'a', count: 1, encoding: 'gzip', digest: 'ab'.repeat(32) } },
    ],
    [
      'an unknown slot',
      { chunked: { v: 1, slot: 'c', count: 1, encoding: 'gzip', digest: 'ab'.repeat(32) } },
    ],
    [
      'too many chunks',
      { chunked: { v: 1, slot: 'a', count: 65, encoding: 'gzip', digest: 'ab'.repeat(32) } },
    ],
    [
      'an unknown encoding',
      { chunked: { v: 1, slot: 'a', count: 1, encoding: 'br', digest: 'ab'.repeat(32) } },
    ],
    ['no digest', { chunked: { v: 1, slot: 'a', count: 1, encoding: 'gzip' } }],
  ])('reads %s as no manifest', (_why, value) => {
    expect(readManifest(value)).toBeUndefined();
  });
});
