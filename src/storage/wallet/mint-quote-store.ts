// MintQuoteStore on Dexie: mint quotes kept from creation until their proofs are stored.
import type { MintQuoteStore, PendingMintQuote } from '../../core/wallet/mint/ports';
import type { CashewDb } from '../database/db';
import { JournalRows } from '../database/journal-rows';

export class DexieMintQuoteStore
  extends JournalRows<PendingMintQuote, 'quote'>
  implements MintQuoteStore
{
  constructor(private readonly db: CashewDb) {
    super(db.mintQuotes);
  }

  async put(quote: PendingMintQuote): Promise<void> {
    await this.db.mintQuotes.put(quote);
  }
}
