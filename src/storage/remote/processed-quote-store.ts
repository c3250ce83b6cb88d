// ProcessedQuoteStore on Dexie: remote quotes already paid out, claimed by a unique insert.
import { Dexie } from 'dexie';
import type { Logger } from '../../core/logger';
import type { Clock } from '../../core/clock';
import type {
  ProcessedQuote,
  ProcessedQuoteStore,
} from '../../core/remote-payments/merchant/processed-quote-ports';
import { PROCESSED_QUOTE_MAX_AGE_MS } from '../../core/remote-payments/constants';
import type { CashewDb } from '../database/db';

function isConstraintError(error: unknown): boolean {
  return (
    error instanceof Dexie.ConstraintError ||
    (error instanceof Error && error.name === 'ConstraintError')
  );
}

export class DexieProcessedQuoteStore implements ProcessedQuoteStore {
  constructor(
    private readonly db: CashewDb,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  async mark(quoteId: string, amount: number): Promise<void> {
    try {
      await this.db.processedQuotes.put({ quoteId, amount, processedAt: this.clock() });
    } catch (error) {
      this.logger.error('Failed to mark quote as processed:', error);
      throw error;
    }
  }

  async isProcessed(quoteId: string): Promise<boolean> {
    try {
      return (await this.db.processedQuotes.get(quoteId)) !== undefined;
    } catch (error) {
      this.logger.error('Failed to check processed quote:', error);
      return false;
    }
  }

  /**
   * IndexedDB rejects a second add of the same key, so exactly one caller (in any tab) wins.
   * Other failures are rethrown: answering false would silently drop a payment.
   */
  async claim(quoteId: string, amount: number): Promise<boolean> {
    try {
      await this.db.processedQuotes.add({ quoteId, amount, processedAt: this.clock() });
      return true;
    } catch (error) {
      if (isConstraintError(error)) return false;
      this.logger.error('Failed to claim quote:', error);
      throw error;
    }
  }

  async list(): Promise<ProcessedQuote[]> {
    try {
      return await this.db.processedQuotes.toArray();
    } catch (error) {
      this.logger.error('Failed to list processed quotes:', error);
      return [];
    }
  }

  async cleanup(maxAgeMs: number = PROCESSED_QUOTE_MAX_AGE_MS): Promise<number> {
    try {
      const cutoff = this.clock() - maxAgeMs;
      return await this.db.processedQuotes.where('processedAt').below(cutoff).delete();
    } catch (error) {
      this.logger.error('Failed to clean up processed quotes:', error);
      return 0;
    }
  }
}
