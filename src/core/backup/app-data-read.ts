// Reading the app data parts back at a restore: the newest version of each whose chunks, if it was
// split, are all there and agree; an older one when the newest's are not (docs/protocol.md "App data backup").
import type { Event as NostrEvent } from 'nostr-tools/core';
import { getPublicKey } from 'nostr-tools/pure';
import type { RelayQuery } from '../discovery/relay-query';
import type { Logger } from '../logger';
import { chunkName, joinChunks, readManifest, type ChunkManifest } from './app-data-chunks';
import { APP_DATA_KIND, APP_DATA_PREFIX, appDataValues, type AppDataValue } from './app-data-event';
import type { ChunkSlot } from './published-note';

/** What the relays hold of one part. */
export interface PartOnRelays {
  /** the newest version that reads whole, with its JSON text; undefined when none does */
  found?: { value: unknown; text: string; newest: boolean };
  /** the newest version's date (unix seconds): a later one must be dated after it */
  createdAt: number;
  /** the slot the newest version's chunks are in, when it was split */
  slot?: ChunkSlot;
}

export interface ReadParts {
  query: RelayQuery;
  relays: string[];
  secretKey: Uint8Array;
  names: readonly string[];
  maxWaitMs: number;
  logger: Logger;
}

function manifestsOf(values: readonly AppDataValue[]): ChunkManifest[] {
  return values.map((v) => readManifest(v.value)).filter((m): m is ChunkManifest => !!m);
}

/** Each part found on the relays, by name; one query for the parts, one for their chunks. */
export async function readParts(args: ReadParts): Promise<Map<string, PartOnRelays>> {
  const { secretKey, relays, names } = args;
  const author = getPublicKey(secretKey);
  const query = (d: string[]) =>
    args.query(relays, { kinds: [APP_DATA_KIND], authors: [author], '#d': d }, args.maxWaitMs);
  const events = await query(names.map((name) => APP_DATA_PREFIX + name));
  const versions = new Map(names.map((name) => [name, appDataValues(secretKey, name, events)]));
  const chunkTags = new Set<string>();
  for (const [name, values] of versions) {
    for (const m of manifestsOf(values)) {
      for (let i = 0; i < m.count; i++) chunkTags.add(APP_DATA_PREFIX + chunkName(name, m.slot, i));
    }
  }
  let chunkEvents: NostrEvent[] = [];
  if (chunkTags.size > 0) {
    try {
      chunkEvents = await query([...chunkTags]);
    } catch (error) {
      args.logger.warn('Could not read the chunks of the app data backup', error);
    }
  }
  const parts = new Map<string, PartOnRelays>();
  for (const [name, values] of versions) {
    const newest = values[0];
    if (!newest) continue;
    const newestManifest = readManifest(newest.value);
    const part: PartOnRelays = {
      createdAt: newest.createdAt,
      ...(newestManifest ? { slot: newestManifest.slot } : {}),
    };
    for (const version of values) {
      const read = await readVersion(name, version.value, secretKey, chunkEvents, args.logger);
      if (!read) continue;
      part.found = { ...read, newest: version === newest };
      break;
    }
    parts.set(name, part);
  }
  return parts;
}

/** A version's value and JSON text: itself, or its chunks joined; undefined when one is missing. */
async function readVersion(
  name: string,
  value: unknown,
  secretKey: Uint8Array,
  chunkEvents: readonly NostrEvent[],
  logger: Logger,
): Promise<{ value: unknown; text: string } | undefined> {
  const manifest = readManifest(value);
  if (!manifest) return { value, text: JSON.stringify(value) };
  const bodies: unknown[] = [];
  for (let i = 0; i < manifest.count; i++) {
    const tag = chunkName(name, manifest.slot, i);
    bodies.push(...appDataValues(secretKey, tag, chunkEvents).map((v) => v.value));
  }
  try {
    const text = await joinChunks(manifest, bodies);
    if (text !== undefined) return { value: JSON.parse(text) as unknown, text };
    logger.warn(`The ${name} backup's chunks are not all on the relays`);
    return undefined;
  } catch (error) {
    logger.warn(`The ${name} backup could not be read`, error);
    return undefined;
  }
}
