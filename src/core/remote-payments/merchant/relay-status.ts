// Whether each of the merchant's relays delivers payment messages, as the inbox last saw it: a
// small observable the app hands to Settings (docs/behaviour.md "Settings").
import type { ErrorText } from '../../errors';

/** What a relay did with the inbox's subscription. */
export type RelayDelivery =
  | { state: 'connecting' }
  /** answered the subscription without asking for AUTH */
  | { state: 'connected' }
  /** asked for NIP-42 AUTH, took the merchant's key, and answered */
  | { state: 'authenticated' }
  /** reachable but will not serve the wraps: AUTH refused, or the subscription closed with a reason */
  | { state: 'refused'; reason: string; text?: ErrorText }
  /** `text`: our own words (no reason from the relay), for a screen's language */
  | { state: 'unreachable'; reason: string; text?: ErrorText };

export interface RelayStatusEntry {
  relay: string;
  delivery: RelayDelivery;
}

/** What the inbox writes. */
export interface RelayStatusSink {
  /** a new listening session on exactly these relays (empty: this tab is not listening) */
  reset(relays: readonly string[]): void;
  report(relay: string, delivery: RelayDelivery): void;
}

/** What Settings reads (shaped for React's useSyncExternalStore). */
export interface RelayStatusSource {
  /** the same array until something changes */
  snapshot(): readonly RelayStatusEntry[];
  subscribe(listener: () => void): () => void;
}

export class RelayStatusBoard implements RelayStatusSink, RelayStatusSource {
  private entries: readonly RelayStatusEntry[] = [];
  private readonly listeners = new Set<() => void>();

  reset(relays: readonly string[]): void {
    this.set(relays.map((relay) => ({ relay, delivery: { state: 'connecting' } })));
  }

  report(relay: string, delivery: RelayDelivery): void {
    // A relay dropped from the list meanwhile is not brought back by a late report.
    if (!this.entries.some((entry) => entry.relay === relay)) return;
    this.set(this.entries.map((entry) => (entry.relay === relay ? { relay, delivery } : entry)));
  }

  snapshot(): readonly RelayStatusEntry[] {
    return this.entries;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(entries: readonly RelayStatusEntry[]): void {
    this.entries = entries;
    for (const listener of [...this.listeners]) listener();
  }
}
