// In-memory ProcessedQuoteStore honouring the port's contract (atomic claim), for tests.
import type { Clock, ProcessedQuoteStore } from '../../ports';

export class MemoryProcessedQuoteStore implements ProcessedQuoteStore {
  readonly rows = new Map<string, { quoteId: string; processedAt: number; amount: number }>();

  constructor(private readonly clock: Clock = Date.now) {}

  async mark(quoteId: string, amount: number): Promise<void> {
    this.rows.set(quoteId, { quoteId, amount, processedAt: this.clock() });
  }

  async isProcessed(quoteId: string): Promise<boolean> {
    return this.rows.has(quoteId);
  }

  // Check and insert happen after the same await, with nothing in between: one winner.
  async claim(quoteId: string, amount: number): Promise<boolean> {
    await Promise.resolve();
    if (this.rows.has(quoteId)) return false;
    this.rows.set(quoteId, { quoteId, amount, processedAt: this.clock() });
    return true;
  }

  async release(quoteId: string): Promise<void> {
    this.rows.delete(quoteId);
  }

  async list(): Promise<Array<{ quoteId: string; processedAt: number; amount: number }>> {
    return [...this.rows.values()];
  }

  async cleanup(maxAgeMs = 2_592_000_000): Promise<number> {
    const cutoff = this.clock() - maxAgeMs;
    let removed = 0;
    for (const [quoteId, row] of this.rows) {
      if (row.processedAt < cutoff) {
        this.rows.delete(quoteId);
        removed++;
      }
    }
    return removed;
  }
}
