// Publishing one app data part: one event when it fits, else its chunks in the slot the last
// version did not use and then its manifest, on the relays that took every chunk, so the previous
// complete version stays readable until the new one is (docs/protocol.md "App data backup").
import type { Logger } from '../logger';
import { publishToRelays } from '../remote-payments/publish';
import type { RelayPool } from '../remote-payments/relay-pool';
import {
  APP_DATA_EVENT_BYTES,
  chunkName,
  MAX_CHUNKS,
  otherSlot,
  splitPart,
  type ChunkCodec,
} from './app-data-chunks';
import { appDataEvent } from './app-data-event';
import type { ChunkSlot } from './published-note';

export interface PartPublish {
  secretKey: Uint8Array;
  name: string;
  value: unknown;
  /** JSON.stringify(value) */
  text: string;
  createdAt: number;
  /** the slot of the version on the relays, if split */
  lastSlot: ChunkSlot | undefined;
  relays: string[];
  pool: RelayPool;
  codec?: ChunkCodec;
  logger: Logger;
}

/** What a relay took: the version's slot when it was split; undefined when no relay took it all. */
export type PartPublished = { slot?: ChunkSlot } | undefined;

export async function publishPart(args: PartPublish): Promise<PartPublished> {
  const { secretKey, name, createdAt, relays, pool, logger } = args;
  if (new TextEncoder().encode(args.text).length <= APP_DATA_EVENT_BYTES) {
    const event = appDataEvent(secretKey, name, args.value, createdAt);
    const outcome = await publishToRelays(event, relays, pool);
    if (outcome.accepted.length > 0) return {};
    logger.warn(`No relay took the ${name} backup`, outcome.failures);
    return undefined;
  }
  const slot = otherSlot(args.lastSlot);
  const { manifest, chunks } = await splitPart(args.text, slot, args.codec);
  if (chunks.length > MAX_CHUNKS) {
    logger.warn(`The ${name} backup is too large: ${chunks.length} chunks`);
    return undefined;
  }
  // Only a relay holding every chunk gets the manifest: one missing a chunk keeps the last
  // complete version, whose chunks are in the other slot.
  let holders = relays;
  for (const chunk of chunks) {
    const event = appDataEvent(secretKey, chunkName(name, slot, chunk.index), chunk, createdAt);
    const outcome = await publishToRelays(event, holders, pool);
    if (Object.keys(outcome.failures).length > 0) {
      logger.warn(`Chunk ${chunk.index} of the ${name} backup refused`, outcome.failures);
    }
    holders = outcome.accepted;
    if (holders.length === 0) return undefined;
  }
  const outcome = await publishToRelays(
    appDataEvent(secretKey, name, manifest, createdAt),
    holders,
    pool,
  );
  if (outcome.accepted.length > 0) return { slot };
  logger.warn(`No relay took the ${name} backup's manifest`, outcome.failures);
  return undefined;
}
