// The port discovery uses to read events from relays; simple-pool-query.ts implements it.
import type { Event as NostrEvent } from 'nostr-tools/core';
import type { Filter } from 'nostr-tools/filter';

export type { NostrEvent, Filter };

/**
 * Collects the events matching `filter` from `relays` until every relay has finished sending
 * stored events (EOSE) or `maxWaitMs` has passed, whichever is first. Resolves with what was
 * received (possibly none); rejects only when no relay could be queried at all.
 */
export type RelayQuery = (
  relays: string[],
  filter: Filter,
  maxWaitMs: number,
) => Promise<NostrEvent[]>;
