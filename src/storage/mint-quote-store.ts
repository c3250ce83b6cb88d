// MintQuoteStore on Dexie: mint quotes kept from creation until their proofs are stored.
import type { MintQuoteStore, PendingMintQuote } from '../core/ports';
import type { CashewDb } from './db';

export class DexieMintQuoteStore implements MintQuoteStore {
  constructor(private readonly db: CashewDb) {}

  async put(quote: PendingMintQuote): Promise<void> {
    await this.db.mintQuotes.put(quote);
  }

  async get(quote: string): Promise<PendingMintQuote | undefined> {
    return this.db.mintQuotes.get(quote);
  }

  /** Oldest first, so recovery handles quotes in the order they were created. */
  async list(): Promise<PendingMintQuote[]> {
    return this.db.mintQuotes.orderBy('createdAt').toArray();
  }

  /** A key set to undefined in `changes` is removed from the row (e.g. clearing a reservation). */
  async update(quote: string, changes: Partial<Omit<PendingMintQuote, 'quote'>>): Promise<void> {
    await this.db.mintQuotes.update(quote, changes);
  }

  async remove(quote: string): Promise<void> {
    await this.db.mintQuotes.delete(quote);
  }
}
