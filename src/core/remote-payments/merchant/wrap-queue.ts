// The merchant inbox's waiting wraps: live ones (after the relay's EOSE) and retries before the
// backlog a relay kept, so a sale sent now never waits behind thousands of stored wraps (0099).
import type { NostrEvent } from 'nostr-tools/core';

export interface QueuedWrap {
  readonly event: NostrEvent;
  /** how many times it was tried before */
  readonly attempt: number;
}

/** Two first-in first-out lists; `next` takes from the live one while it has any. */
export class WrapQueue {
  private readonly live: QueuedWrap[] = [];
  private backlog: QueuedWrap[] = [];
  /** index of the backlog's head: 5,000 shifts of a 5,000-long array would copy it each time */
  private head = 0;

  push(wrap: QueuedWrap, live: boolean): void {
    if (live) this.live.push(wrap);
    else this.backlog.push(wrap);
  }

  next(): QueuedWrap | undefined {
    const live = this.live.shift();
    if (live) return live;
    const stored = this.backlog[this.head];
    if (stored === undefined) return undefined;
    this.head++;
    if (this.head === this.backlog.length) {
      this.backlog = [];
      this.head = 0;
    }
    return stored;
  }
}
