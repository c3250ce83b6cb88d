// Ecash receipts on Dexie: the journal of a customer's ecash from its checks until its swap is
// stored, and the two transactions that open and close it (docs/protocol.md "Receiving ecash").
import type { Clock } from '../../core/clock';
import type {
  EcashLedger,
  EcashReceiptStore,
  PendingEcashReceipt,
} from '../../core/wallet/ecash/ports';
import type { Settlement } from '../../core/wallet/ledger-ports';
import type { CashewDb } from '../database/db';
import { JournalRows } from '../database/journal-rows';
import { settleEcashJournal, type EcashSettleArgs } from './ecash-settle';

export class DexieEcashReceipts
  extends JournalRows<PendingEcashReceipt, 'id'>
  implements EcashReceiptStore, EcashLedger
{
  constructor(
    private readonly db: CashewDb,
    private readonly clock: Clock,
  ) {
    super(db.ecashReceipts);
  }

  /** The same payment delivered twice (two relays, two tabs) is journaled once, recorded once. */
  async beginEcashReceipt(receipt: PendingEcashReceipt): Promise<boolean> {
    const { db } = this;
    return db.transaction('rw', [db.ecashReceipts, db.historyEvents], async () => {
      if ((await db.ecashReceipts.get(receipt.id)) !== undefined) return false;
      if ((await db.historyEvents.where('quoteId').equals(receipt.id).count()) > 0) return false;
      await db.ecashReceipts.add(receipt);
      return true;
    });
  }

  async settleEcashReceipt(args: EcashSettleArgs): Promise<Settlement> {
    return settleEcashJournal(this.db, this.db.ecashReceipts, this.clock, args);
  }
}
