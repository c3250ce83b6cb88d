// In-memory ProcessedQuoteStore honouring the port's contract (atomic claim), for tests.
import type { Clock } from '../../core/clock';
import type {
  ProcessedQuote,
  ProcessedQuoteStore,
} from '../../core/remote-payments/merchant/processed-quote-ports';

export class MemoryProcessedQuoteStore implements ProcessedQuoteStore {
  /** `rows` may be shared with a MemoryDb, so its ledger's claims show here too. */
  constructor(
    private readonly clock: Clock = Date.now,
    readonly rows = new Map<string, ProcessedQuote>(),
  ) {}

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

  async list(): Promise<ProcessedQuote[]> {
    return [...this.rows.values()].map((row) => ({ ...row }));
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
