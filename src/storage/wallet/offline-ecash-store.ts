// Ecash taken without the mint, on Dexie: the keysets cached at the last contact, and the offline
// sales with their secrets, written with their swap journal in one transaction (docs/protocol.md
// "Ecash taken offline").
import type { PendingEcashReceipt } from '../../core/wallet/ecash/ports';
import type {
  CachedKeyset,
  KeysetCache,
  OfflineSaleRow,
  OfflineSaleStore,
  OfflineTotals,
} from '../../core/wallet/ecash/offline/offline-ports';
import type { CashewDb } from '../database/db';
import type { Clock } from '../../core/clock';
import { normaliseCaps, type OfflineCaps } from '../../core/wallet/ecash/offline/offline-caps';
import { writeConfigJson } from '../database/config-json';

export class DexieKeysetCache implements KeysetCache {
  constructor(private readonly db: CashewDb) {}

  async save(keysets: CachedKeyset[]): Promise<void> {
    await this.db.mintKeysets.bulkPut(keysets);
  }

  async list(mintUrl: string): Promise<CachedKeyset[]> {
    return this.db.mintKeysets.where('mintUrl').equals(mintUrl).toArray();
  }
}

export class DexieOfflineSales implements OfflineSaleStore {
  constructor(private readonly db: CashewDb) {}

  async taken(secrets: string[]): Promise<Set<string>> {
    const rows = await this.db.offlineSales.where('secrets').anyOf(secrets).toArray();
    const asked = new Set(secrets);
    return new Set(rows.flatMap((row) => row.secrets.filter((secret) => asked.has(secret))));
  }

  /**
   * The sale, its secrets and its swap journal land together or not at all: a tab dying after
   * the transaction leaves a journal the next start swaps; before it, nothing was taken.
   */
  async takeOffline(
    sale: OfflineSaleRow,
    journal: PendingEcashReceipt,
    dayStart: number,
    check: (totals: OfflineTotals) => void,
  ): Promise<{ taken: boolean }> {
    const { db } = this;
    return db.transaction('rw', [db.offlineSales, db.ecashReceipts], async () => {
      const seen = await db.offlineSales.where('secrets').anyOf(sale.secrets).count();
      if (seen > 0 || (await db.ecashReceipts.get(journal.id)) !== undefined) {
        return { taken: false };
      }
      let today = 0;
      await db.offlineSales
        .where('takenAt')
        .aboveOrEqual(dayStart)
        .each((row) => {
          today += row.paid;
        });
      let outstanding = 0;
      await db.ecashReceipts.each((row) => {
        if (row.offline) outstanding += row.inputs.reduce((sum, p) => sum + p.amount, 0);
      });
      check({ today, outstanding });
      await db.offlineSales.add(sale);
      await db.ecashReceipts.add(journal);
      return { taken: true };
    });
  }

  async list(limit: number): Promise<OfflineSaleRow[]> {
    return this.db.offlineSales.orderBy('takenAt').reverse().limit(limit).toArray();
  }
}

export const OFFLINE_CAPS_KEY = 'OFFLINE_ECASH_CAPS';

/** The offline caps, one JSON value in the config table; the defaults when never saved. */
export class DexieOfflineCaps {
  constructor(
    private readonly db: CashewDb,
    private readonly clock: Clock,
  ) {}

  async get(): Promise<OfflineCaps> {
    const row = await this.db.config.get(OFFLINE_CAPS_KEY);
    if (!row) return normaliseCaps(undefined);
    try {
      return normaliseCaps(JSON.parse(row.value) as Partial<Record<keyof OfflineCaps, unknown>>);
    } catch {
      return normaliseCaps(undefined);
    }
  }

  async set(caps: OfflineCaps): Promise<void> {
    await writeConfigJson(this.db, OFFLINE_CAPS_KEY, normaliseCaps(caps), this.clock());
  }
}
