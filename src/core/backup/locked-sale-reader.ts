// Reading the sales taken while locked that the phrase's devices left on the relays, for a
// restore (docs/protocol.md "Locked sales on the relays"): the newest envelope of each device
// and name, opened with the identity key; tombstones and anything malformed are left out.
import type { Event as NostrEvent } from 'nostr-tools/core';
import { getPublicKey } from 'nostr-tools/pure';
import type { RelayQuery } from '../discovery/relay-query';
import { silentLogger, type Logger } from '../logger';
import { envelopeFilter, openEnvelope } from './device-envelope';
import {
  isLockedSaleName,
  LOCKED_SALE_TAG,
  lockedSaleOf,
  type LockedSaleFound,
} from './locked-sale-envelope';

export interface LockedSaleReaderDeps {
  query: RelayQuery;
  getRelays: () => Promise<string[]>;
  /** the phrase's identity (Nostr) key; rejects while the till is locked */
  getIdentityKey: () => Promise<Uint8Array>;
  logger?: Logger;
  maxWaitMs?: number;
}

/** The newest event per author and `d` tag, across every relay's answer. */
function newestByName(events: NostrEvent[]): NostrEvent[] {
  const newest = new Map<string, NostrEvent>();
  for (const event of events) {
    const d = event.tags.find((t) => t[0] === 'd')?.[1];
    if (typeof d !== 'string') continue;
    const key = `${event.pubkey}:${d}`;
    const known = newest.get(key);
    if (!known || event.created_at > known.created_at) newest.set(key, event);
  }
  return [...newest.values()];
}

/** Rejects when no relay could be asked, or the identity key cannot be read. */
export function lockedSaleReader(deps: LockedSaleReaderDeps): () => Promise<LockedSaleFound[]> {
  const logger = deps.logger ?? silentLogger;
  return async () => {
    const key = await deps.getIdentityKey();
    const events = await deps.query(
      await deps.getRelays(),
      { ...envelopeFilter(getPublicKey(key)), '#t': [LOCKED_SALE_TAG] },
      deps.maxWaitMs ?? 5_000,
    );
    const found: LockedSaleFound[] = [];
    for (const event of newestByName(events)) {
      const opened = openEnvelope(key, event);
      if (!opened || !isLockedSaleName(opened.name)) {
        logger.warn(`A locked-sale envelope ${event.id} does not open; ignored`);
        continue;
      }
      const sale = lockedSaleOf(key, opened);
      if (sale === 'removed') continue;
      if (!sale) {
        logger.warn(`The locked-sale envelope ${opened.name} is malformed; ignored`);
        continue;
      }
      found.push(sale);
    }
    return found;
  };
}
