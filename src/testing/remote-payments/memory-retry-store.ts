// In-memory InboxRetryStore for inbox tests.
import type {
  InboxRetryStore,
  ParkedWrap,
} from '../../core/remote-payments/merchant/merchant-ports';

export class MemoryRetryStore implements InboxRetryStore {
  readonly rows = new Map<string, ParkedWrap>();

  async list(): Promise<ParkedWrap[]> {
    return [...this.rows.values()].sort((a, b) => a.addedAt - b.addedAt);
  }

  async put(wrap: ParkedWrap, max: number): Promise<ParkedWrap[]> {
    if (!this.rows.has(wrap.id)) this.rows.set(wrap.id, wrap);
    const dropped: ParkedWrap[] = [];
    for (const oldest of await this.list()) {
      if (this.rows.size <= max) break;
      this.rows.delete(oldest.id);
      dropped.push(oldest);
    }
    return dropped;
  }

  async remove(id: string): Promise<void> {
    this.rows.delete(id);
  }
}
