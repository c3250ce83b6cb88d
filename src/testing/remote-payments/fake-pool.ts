// A relay pool fake for inbox and publish tests: stores events, delivers them, drops on demand.
import type { NostrEvent } from 'nostr-tools/core';
import type { Filter } from 'nostr-tools/filter';
import { matchFilter } from 'nostr-tools/filter';
import type { SubCloser, SubscribeManyParams } from 'nostr-tools/abstract-pool';
import type { RelayPool } from '../../core/remote-payments/relay-pool';

interface FakeSubscription {
  relay: string;
  filter: Filter;
  params: SubscribeManyParams;
  open: boolean;
}

export class FakeRelayPool implements RelayPool {
  readonly events = new Map<string, NostrEvent[]>();
  readonly subscriptions: FakeSubscription[] = [];
  /** relay -> what publish does there */
  readonly behaviour = new Map<string, 'accept' | 'refuse' | 'hang' | 'down'>();
  destroyed = false;

  publish(relays: string[], event: NostrEvent): Promise<string>[] {
    return relays.map((relay) => {
      const mode = this.behaviour.get(relay) ?? 'accept';
      if (mode === 'down') return Promise.reject('connection failure: relay down');
      if (mode === 'refuse') return Promise.reject(new Error('blocked: not today'));
      if (mode === 'hang') return new Promise<string>(() => {});
      this.deliver(relay, event);
      return Promise.resolve('');
    });
  }

  /** Stores the event on the relay and sends it to matching open subscriptions. */
  deliver(relay: string, event: NostrEvent): void {
    const stored = this.events.get(relay) ?? [];
    if (!stored.some((e) => e.id === event.id)) stored.push(event);
    this.events.set(relay, stored);
    for (const sub of this.subscriptions) {
      if (sub.open && sub.relay === relay && matchFilter(sub.filter, event)) {
        sub.params.onevent?.(event);
      }
    }
  }

  subscribe(relays: string[], filter: Filter, params: SubscribeManyParams): SubCloser {
    const subs = relays.map((relay) => {
      const sub: FakeSubscription = { relay, filter, params, open: true };
      this.subscriptions.push(sub);
      return sub;
    });
    queueMicrotask(() => {
      for (const sub of subs) {
        if ((this.behaviour.get(sub.relay) ?? 'accept') === 'down') {
          // As nostr-tools' pool does on a failed connection: oneose, then onclose, in one go.
          params.oneose?.();
          this.drop(sub.relay);
          continue;
        }
        for (const event of this.events.get(sub.relay) ?? []) {
          if (sub.open && matchFilter(filter, event)) params.onevent?.(event);
        }
        params.oneose?.();
      }
    });
    return {
      close: (reason = 'closed by caller') => {
        for (const sub of subs) this.closeSub(sub, reason);
      },
    };
  }

  /** The relay drops its connection: every open subscription there closes. */
  drop(relay: string): void {
    for (const sub of this.subscriptions) {
      if (sub.relay === relay) this.closeSub(sub, 'relay connection closed');
    }
  }

  openSubscriptions(relay?: string): FakeSubscription[] {
    return this.subscriptions.filter((sub) => sub.open && (!relay || sub.relay === relay));
  }

  close(): void {}

  destroy(): void {
    this.destroyed = true;
    for (const sub of this.subscriptions) this.closeSub(sub, 'relay connection closed by us');
  }

  private closeSub(sub: FakeSubscription, reason: string): void {
    if (!sub.open) return;
    sub.open = false;
    sub.params.onclose?.([{ url: sub.relay, reason }]);
  }
}
