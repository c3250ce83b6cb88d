// MintQuoteStore on Dexie: mint quotes kept from creation until their proofs are stored, and a
// paid quote's NUT-13 counters reserved and recorded on its row in one transaction.
import type {
  CounterReservation,
  MintQuoteStore,
  PendingMintQuote,
} from '../../core/wallet/mint/ports';
import type { CashewDb } from '../database/db';
import { JournalRows } from '../database/journal-rows';
import type { DexieCounterSource } from './counter-source';

export class DexieMintQuoteStore
  extends JournalRows<PendingMintQuote, 'quote'>
  implements MintQuoteStore
{
  constructor(
    private readonly db: CashewDb,
    /** the wallet's counters, over the same database */
    private readonly counters: DexieCounterSource,
  ) {
    super(db.mintQuotes);
  }

  async put(quote: PendingMintQuote): Promise<void> {
    await this.db.mintQuotes.put(quote);
  }

  /**
   * The counters' own reserve (the keyset's row and the global COUNTER) joins this transaction,
   * so another tab's reserve waits for it or goes first, and a tab closed in the middle leaves
   * neither the counters taken nor the row changed.
   */
  async reserveOutputs(
    quote: string,
    wanted: { keysetId: string; count: number },
  ): Promise<CounterReservation> {
    const { db } = this;
    return db.transaction('rw', db.counters, db.config, db.mintQuotes, async () => {
      const range = await this.counters.reserve(wanted.keysetId, wanted.count);
      const reservation = { keysetId: wanted.keysetId, start: range.start, count: range.count };
      await db.mintQuotes.update(quote, { reservation, state: 'PAID' });
      return reservation;
    });
  }
}
