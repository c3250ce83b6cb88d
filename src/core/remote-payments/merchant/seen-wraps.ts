// The wrap ids the inbox has taken in this listening session, so a relay resending one costs
// nothing; bounded by count and by a created_at window (inbox-bounds.ts), oldest first out.
import { SEEN_WRAPS_MAX, SEEN_WRAPS_WINDOW_SECONDS } from './inbox-bounds';

export class SeenWraps {
  /** id -> created_at, in insertion order (Map keeps it), so the first key is the oldest entry */
  private readonly ids = new Map<string, number>();
  /** additions since the last sweep of the window */
  private sinceSweep = 0;

  constructor(
    private readonly max = SEEN_WRAPS_MAX,
    private readonly windowSeconds = SEEN_WRAPS_WINDOW_SECONDS,
  ) {}

  get size(): number {
    return this.ids.size;
  }

  has(id: string): boolean {
    return this.ids.has(id);
  }

  /** Remembers `id`, then forgets what fell out of the window or over the count. */
  add(id: string, createdAt: number, nowSeconds: number): void {
    this.ids.delete(id);
    this.ids.set(id, createdAt);
    this.prune(nowSeconds);
  }

  delete(id: string): void {
    this.ids.delete(id);
  }

  prune(nowSeconds: number): void {
    while (this.ids.size > this.max) {
      const oldest = this.ids.keys().next().value;
      if (oldest === undefined) break;
      this.ids.delete(oldest);
    }
    // Entries come in relay order, not created_at order: sweep the whole map, but only now and
    // then (when a tenth of the cap has come in since), so the cost per wrap stays constant.
    if (++this.sinceSweep < this.max / 10) return;
    this.sinceSweep = 0;
    const oldestKept = nowSeconds - this.windowSeconds;
    for (const [id, createdAt] of this.ids) {
      if (createdAt < oldestKept) this.ids.delete(id);
    }
  }
}
