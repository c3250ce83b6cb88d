// NIP-01 filter matching for the dev relay, including the #tag filters the library's own matcher skips.
import type { Event, Filter } from '@nostr-relay/common';

/** True when the event satisfies every condition of the filter (NIP-01 semantics). */
export function matchesFilter(event: Event, filter: Filter): boolean {
  if (filter.ids && !filter.ids.includes(event.id)) return false;
  if (filter.authors && !filter.authors.includes(event.pubkey)) return false;
  if (filter.kinds && !filter.kinds.includes(event.kind)) return false;
  if (filter.since !== undefined && event.created_at < filter.since) return false;
  if (filter.until !== undefined && event.created_at > filter.until) return false;
  for (const [key, values] of Object.entries(filter)) {
    if (key.length !== 2 || key[0] !== '#' || !Array.isArray(values)) continue;
    const name = key[1];
    const wanted = values as string[];
    const hit = event.tags.some(
      (tag) => tag[0] === name && tag[1] !== undefined && wanted.includes(tag[1]),
    );
    if (!hit) return false;
  }
  return true;
}

/** True when the event matches at least one of the filters. */
export function matchesAnyFilter(event: Event, filters: Filter[]): boolean {
  return filters.some((filter) => matchesFilter(event, filter));
}

/** NIP-01 order for query results: newest first, ties broken by the lowest id. */
export function compareNewestFirst(a: Event, b: Event): number {
  if (a.created_at !== b.created_at) return b.created_at - a.created_at;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
