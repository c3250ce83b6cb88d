// In-memory event store for the dev relay: NIP-01 replaceable rules, NIP-09 deletion, NIP-40 expiry.
import {
  EventRepository,
  EventType,
  EventUtils,
  type Event,
  type EventRepositoryUpsertResult,
  type Filter,
} from '@nostr-relay/common';
import { compareNewestFirst, matchesFilter } from './filter.ts';

// A query without a limit still gets a bound, so a careless REQ cannot stream the whole store.
const MAX_RESULTS = 5000;

export class MemoryEventRepository extends EventRepository {
  private readonly byId = new Map<string, Event>();
  // Replaceable and addressable events are keyed by "kind:pubkey:d" so only the newest survives.
  private readonly byAddress = new Map<string, Event>();

  /** @param onChange called after every change to the stored set (used to persist it). */
  constructor(private readonly onChange: () => void = () => {}) {
    super();
  }

  isSearchSupported(): boolean {
    return false;
  }

  /** Puts events back without notifying onChange (used when loading a saved file). */
  load(events: Event[]): void {
    for (const event of events) this.store(event);
  }

  /** Every stored event, in no particular order. */
  all(): Event[] {
    return [...this.byId.values()];
  }

  upsert(event: Event): EventRepositoryUpsertResult {
    const changed = this.store(event);
    if (changed) this.onChange();
    return { isDuplicate: !changed };
  }

  find(filter: Filter): Event[] {
    const limit = Math.min(filter.limit ?? MAX_RESULTS, MAX_RESULTS);
    if (limit <= 0) return [];
    const now = Math.floor(Date.now() / 1000);
    const candidates = filter.ids
      ? filter.ids.map((id) => this.byId.get(id)).filter((e): e is Event => e !== undefined)
      : [...this.byId.values()];
    return candidates
      .filter((event) => matchesFilter(event, filter) && !isExpired(event, now))
      .sort(compareNewestFirst)
      .slice(0, limit);
  }

  async deleteByDeletionRequest(request: Event): Promise<void> {
    let changed = false;
    for (const [name, value] of request.tags) {
      if (name === 'e' && value) changed = this.deleteById(value, request.pubkey) || changed;
      if (name === 'a' && value) changed = this.deleteByAddress(value, request) || changed;
    }
    // Keeping the request lets other clients learn about the deletion (NIP-09).
    changed = this.store(request) || changed;
    if (changed) this.onChange();
  }

  async destroy(): Promise<void> {
    this.byId.clear();
    this.byAddress.clear();
  }

  /** Stores the event unless it is already known or an older version of a replaceable one. */
  private store(event: Event): boolean {
    if (this.byId.has(event.id)) return false;
    const address = addressOf(event);
    if (address !== null) {
      const current = this.byAddress.get(address);
      if (current && compareNewestFirst(current, event) <= 0) return false;
      if (current) this.byId.delete(current.id);
      this.byAddress.set(address, event);
    }
    this.byId.set(event.id, event);
    return true;
  }

  private deleteById(id: string, requester: string): boolean {
    const target = this.byId.get(id);
    if (!target || target.pubkey !== requester) return false;
    this.byId.delete(id);
    const address = addressOf(target);
    if (address !== null && this.byAddress.get(address)?.id === id) this.byAddress.delete(address);
    return true;
  }

  private deleteByAddress(address: string, request: Event): boolean {
    const target = this.byAddress.get(address);
    if (!target || target.pubkey !== request.pubkey || target.created_at > request.created_at) {
      return false;
    }
    this.byAddress.delete(address);
    this.byId.delete(target.id);
    return true;
  }
}

/** "kind:pubkey:d" for replaceable and parameterised-replaceable events, null for the rest. */
function addressOf(event: Event): string | null {
  const type = EventUtils.getType(event.kind);
  if (type !== EventType.REPLACEABLE && type !== EventType.PARAMETERIZED_REPLACEABLE) return null;
  return `${event.kind}:${event.pubkey}:${EventUtils.extractDTagValue(event) ?? ''}`;
}

function isExpired(event: Event, now: number): boolean {
  const expiration = EventUtils.extractExpirationTimestamp(event);
  return expiration !== null && expiration < now;
}
