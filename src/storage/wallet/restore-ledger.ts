// The restore scan's storage on Dexie: its progress row, and each batch's proofs, counter and
// progress in one transaction (docs/architecture.md, "Money under interruption").
import type { Clock } from '../../core/clock';
import type { NewProof } from '../../core/wallet/proof-ports';
import type {
  KeysetScan,
  RestoreLedger,
  RestoreOutcome,
  RestoreScanRow,
} from '../../core/wallet/restore/types';
import { relayErrorsOf } from '../../core/wallet/restore/restore-messages';
import {
  addFound,
  addLockedFound,
  lockedFound,
  type LockedFound,
} from '../../core/wallet/restore/found-units';
import { SAT, type Unit } from '../../core/units/unit';
import { DexieCounterSource } from './counter-source';
import type { CashewDb } from '../database/db';
import { distinctIndexKeys } from '../database/distinct-keys';
import { historyRow } from '../history/history-row';
import { CONFIG_KEYS, parseCounter } from '../database/key-names';
import { insertProofs, proofTransaction } from './proof-writes';

const ROW_ID = 'current';

export class DexieRestoreLedger implements RestoreLedger {
  private readonly counterSource: DexieCounterSource;

  constructor(
    private readonly db: CashewDb,
    private readonly clock: Clock,
  ) {
    this.counterSource = new DexieCounterSource(db, clock);
  }

  current(): Promise<RestoreScanRow | undefined> {
    return this.db.restoreScans.get(ROW_ID);
  }

  async begin(row: RestoreScanRow): Promise<boolean> {
    const { db } = this;
    return db.transaction('rw', db.restoreScans, async () => {
      if ((await db.restoreScans.get(ROW_ID)) !== undefined) return false;
      await db.restoreScans.add(row);
      return true;
    });
  }

  async save(row: RestoreScanRow): Promise<void> {
    const { db } = this;
    await db.transaction('rw', db.restoreScans, async () => {
      // A scan finished or cancelled meanwhile (another tab) is not brought back.
      const stored = await db.restoreScans.get(ROW_ID);
      if (stored === undefined) return;
      await db.restoreScans.put({ ...row, ...(stored.cancelled ? { cancelled: true } : {}) });
    });
  }

  async recordBatch(args: {
    mintUrl: string;
    keyset: KeysetScan;
    proofs: NewProof[];
    counterAtLeast?: number;
    skipCounterTo?: number;
  }): Promise<number> {
    const { db } = this;
    return proofTransaction(db, [db.restoreScans, db.counters, db.config], async () => {
      const added = await insertProofs(db, args.proofs, args.mintUrl, this.clock());
      // In the keyset's unit: cents of a usd keyset are counted apart from the mint's sats.
      const amount = added.reduce((sum, row) => sum + row.amount, 0);
      if (args.counterAtLeast !== undefined) {
        // Joins this transaction (same tables): the counter moves with the proofs or not at all.
        await this.counterSource.advanceToAtLeast(args.keyset.id, args.counterAtLeast);
      }
      if (args.skipCounterTo !== undefined) {
        await this.counterSource.skipKeysetToAtLeast(args.keyset.id, args.skipCounterTo);
      }
      const row = await db.restoreScans.get(ROW_ID);
      if (row) {
        const mint = row.mints.find((m) => m.mintUrl === args.mintUrl);
        if (mint) {
          const keyset = { ...args.keyset, foundSats: args.keyset.foundSats + amount };
          const i = mint.keysets.findIndex((k) => k.id === keyset.id);
          if (i >= 0) mint.keysets[i] = keyset;
          else mint.keysets.push(keyset);
          addFound(mint, keyset.unit ?? SAT, amount);
          await db.restoreScans.put(row);
        }
      }
      return amount;
    });
  }

  async recordLocked(args: { mintUrl: string; proofs: NewProof[] }): Promise<LockedFound> {
    const { db } = this;
    return proofTransaction(db, [db.restoreScans], async () => {
      const row = await db.restoreScans.get(ROW_ID);
      const mint = row?.mints.find((m) => m.mintUrl === args.mintUrl);
      // A scan gone (finished in another tab) or already past this step stores nothing again.
      if (!row || !mint || mint.lockedDone) return { sats: 0, inUnits: {} };
      const added = await insertProofs(db, args.proofs, args.mintUrl, this.clock());
      const found = lockedFound(added);
      addLockedFound(mint, found);
      await db.restoreScans.put(row);
      return found;
    });
  }

  async cancel(): Promise<void> {
    await this.db.restoreScans.update(ROW_ID, { cancelled: true });
  }

  async finish(): Promise<RestoreOutcome | undefined> {
    const { db } = this;
    return db.transaction('rw', [db.restoreScans, db.historyEvents], async () => {
      const row = await db.restoreScans.get(ROW_ID);
      if (!row) return undefined;
      const now = this.clock();
      const cancelled = row.cancelled === true;
      // A cancelled scan records only the mints it reached; a finished one every mint.
      const mints = row.mints.filter((m) => !cancelled || m.status !== 'pending');
      const relayError = relayErrorsOf(row);
      for (const mint of mints) {
        const metadata: Record<string, unknown> = { keysets: mint.keysets.length };
        if (mint.error) metadata.error = mint.error;
        // What the scan could not read from the relays: the rows stay the record of it.
        if (relayError) metadata.relays = relayError;
        if (mint.sources) metadata.sources = mint.sources;
        if (mint.lockedSats) metadata.lockedSales = mint.lockedSats;
        if (cancelled) metadata.cancelled = true;
        const found = { amount: mint.foundSats, mintUrl: mint.mintUrl };
        await db.historyEvents.add(historyRow(now, 'restore', found, metadata));
        // Each other unit found gets a row of its own, in its unit: never added to the sats.
        for (const [unit, minor] of Object.entries(mint.foundInUnits ?? {})) {
          if (!minor) continue;
          const inUnit = { amount: minor, mintUrl: mint.mintUrl };
          await db.historyEvents.add({
            ...historyRow(now, 'restore', inUnit, { keysets: mint.keysets.length }),
            unit: unit as Exclude<Unit, 'sat'>,
          });
        }
      }
      await db.restoreScans.delete(ROW_ID);
      return {
        mints: mints.map((m) => ({
          mintUrl: m.mintUrl,
          foundSats: m.foundSats,
          ...(m.foundInUnits ? { foundInUnits: { ...m.foundInUnits } } : {}),
          ...(m.lockedSats ? { lockedSats: m.lockedSats } : {}),
          ...(m.error ? { error: m.error } : {}),
          ...(m.errorTexts ? { errorTexts: m.errorTexts } : {}),
          ...(m.sources ? { sources: m.sources } : {}),
        })),
        totalSats: mints.reduce((sum, m) => sum + m.foundSats, 0),
        cancelled,
        ...(relayError ? { discoveryError: relayError } : {}),
      };
    });
  }

  async knownMints(): Promise<string[]> {
    const { db } = this;
    const fromProofs = (await db.proofTotals.toCollection().primaryKeys()) as string[];
    const fromHistory = (await distinctIndexKeys(db.historyEvents, 'mintUrl')) as string[];
    return [...new Set([...fromProofs, ...fromHistory])].filter(
      (url) => typeof url === 'string' && url !== '',
    );
  }

  async storedKeysetIds(mintUrl: string): Promise<string[]> {
    const ids = new Set<string>();
    await this.db.proofs
      .where('mintUrl')
      .equals(mintUrl)
      .each((row) => ids.add(row.id));
    return [...ids];
  }

  async counters(): Promise<{ perKeyset: Record<string, number>; global: number }> {
    const { db } = this;
    return db.transaction('r', [db.counters, db.config], async () => {
      const rows = await db.counters.toArray();
      const global = parseCounter((await db.config.get(CONFIG_KEYS.counter))?.value);
      return { perKeyset: Object.fromEntries(rows.map((r) => [r.keysetId, r.next])), global };
    });
  }
}
