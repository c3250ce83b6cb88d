// Ecash of other mints on Dexie: the journal from its quotes until what arrived at the merchant's
// mint is stored, and the two transactions that open and close it (docs/protocol.md "Ecash from other mints").
import type { Clock } from '../../core/clock';
import type { ForeignEcashStore, PendingForeignEcash } from '../../core/wallet/ecash/foreign/ports';
import type { Settlement } from '../../core/wallet/ledger-ports';
import type { CashewDb } from '../database/db';
import { JournalRows } from '../database/journal-rows';
import { readFlag, writeFlag } from '../database/config-flag';
import { settleEcashJournal, type EcashSettleArgs } from './ecash-settle';
import { CONFIG_KEYS } from '../database/key-names';

export class DexieForeignEcash
  extends JournalRows<PendingForeignEcash, 'id'>
  implements ForeignEcashStore
{
  constructor(
    private readonly db: CashewDb,
    private readonly clock: Clock,
  ) {
    super(db.foreignEcash);
  }

  /** The setting "Accept ecash from other mints" (off by default). */
  async acceptsOtherMints(): Promise<boolean> {
    return readFlag(this.db, CONFIG_KEYS.acceptForeignEcash);
  }

  async setAcceptsOtherMints(accept: boolean): Promise<void> {
    await writeFlag(this.db, CONFIG_KEYS.acceptForeignEcash, accept, this.clock());
  }

  async byQuote(quote: string): Promise<PendingForeignEcash | undefined> {
    return this.db.foreignEcash.where('mintQuote.quote').equals(quote).first();
  }

  /** The same token or payload twice (two relays, two tabs, pasted again) is journaled once. */
  async begin(row: PendingForeignEcash): Promise<boolean> {
    const { db } = this;
    return db.transaction('rw', [db.foreignEcash, db.ecashReceipts, db.historyEvents], async () => {
      if ((await db.foreignEcash.get(row.id)) !== undefined) return false;
      if ((await db.ecashReceipts.get(row.id)) !== undefined) return false;
      if ((await db.historyEvents.where('quoteId').equals(row.id).count()) > 0) return false;
      await db.foreignEcash.add(row);
      return true;
    });
  }

  /** Only the journal row: proofs and history were never written for it. */
  async closeFailed(id: string): Promise<boolean> {
    return this.whileFailed(id, () => this.db.foreignEcash.delete(id));
  }

  async reopen(id: string): Promise<boolean> {
    // Keys set to undefined are removed by Dexie's update.
    return this.whileFailed(id, () =>
      this.db.foreignEcash.update(id, {
        state: 'melting',
        failure: undefined,
        unarrivedLooks: undefined,
      }),
    );
  }

  /** One transaction: `change` runs only while the row is still failed (another tab may act too). */
  private whileFailed(id: string, change: () => Promise<unknown>): Promise<boolean> {
    const { db } = this;
    return db.transaction('rw', db.foreignEcash, async () => {
      const row = await db.foreignEcash.get(id);
      if (row?.state !== 'failed') return false;
      await change();
      return true;
    });
  }

  async settle(args: EcashSettleArgs): Promise<Settlement> {
    return settleEcashJournal(this.db, this.db.foreignEcash, this.clock, args);
  }
}
