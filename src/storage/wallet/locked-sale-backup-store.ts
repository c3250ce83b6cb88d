// LockedSaleBackupStore on Dexie (core/backup/locked-sale-backups.ts): one row per sale taken
// while locked, each change made only while the row still holds the backup it was read with.
import type { Event as NostrEvent } from 'nostr-tools/core';
import type {
  LockedSaleBackupRow,
  LockedSaleBackupStore,
} from '../../core/backup/locked-sale-backups';
import type { LockedSaleSource } from '../../core/backup/locked-sale-envelope';
import type { CashewDb } from '../database/db';

export class DexieLockedSaleBackups implements LockedSaleBackupStore {
  constructor(private readonly db: CashewDb) {}

  async put(row: LockedSaleBackupRow): Promise<void> {
    await this.db.lockedSaleBackups.put(row);
  }

  get(id: string): Promise<LockedSaleBackupRow | undefined> {
    return this.db.lockedSaleBackups.get(id);
  }

  list(): Promise<LockedSaleBackupRow[]> {
    return this.db.lockedSaleBackups.toArray();
  }

  markOffered(id: string, eventId: string): Promise<void> {
    return this.change(id, eventId, (row) => (row.offered ? undefined : { offered: true }));
  }

  markSent(id: string, eventId: string): Promise<void> {
    return this.change(id, eventId, (row) =>
      row.state === 'pending' ? { state: 'sent', offered: true } : undefined,
    );
  }

  startRemoval(id: string, eventId: string, tombstone: NostrEvent): Promise<void> {
    return this.change(id, eventId, (row) =>
      row.state === 'removing' ? undefined : { state: 'removing', tombstone },
    );
  }

  async remove(id: string, eventId: string): Promise<void> {
    const table = this.db.lockedSaleBackups;
    await this.db.transaction('rw', table, async () => {
      if ((await table.get(id))?.event.id === eventId) await table.delete(id);
    });
  }

  async journalOpen(source: LockedSaleSource, ref: string): Promise<boolean> {
    const table = source === 'quote' ? this.db.mintQuotes : this.db.ecashReceipts;
    return (await table.get(ref)) !== undefined;
  }

  async randomProofsAt(mintUrl: string): Promise<boolean> {
    // Plain fields only (mint, spent flag, random): sealed rows answer while the till is locked.
    const row = await this.db.proofs
      .where('[mintUrl+spentFlag]')
      .equals([mintUrl, 0])
      .filter((proof) => proof.random === true)
      .first();
    return row !== undefined;
  }

  private async change(
    id: string,
    eventId: string,
    changes: (row: LockedSaleBackupRow) => Partial<LockedSaleBackupRow> | undefined,
  ): Promise<void> {
    const table = this.db.lockedSaleBackups;
    await this.db.transaction('rw', table, async () => {
      const row = await table.get(id);
      if (row?.event.id !== eventId) return;
      const next = changes(row);
      if (next) await table.update(id, next);
    });
  }
}
