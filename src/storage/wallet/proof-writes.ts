// Proof writes that keep proofTotals exact; callers run them inside a transaction that
// includes both tables, so totals and rows can never disagree.
import type { Table } from 'dexie';
import { StorageError } from '../../core/errors';
import type { StoredBalances } from '../../core/events';
import type { NewProof, StoredProof } from '../../core/wallet/proof-ports';
import type { CashewDb } from '../database/db';
import type { ProofRow, ProofTotalsRow } from '../database/rows';
import { SAT, storedUnit, type Unit } from '../../core/units/unit';
import { emptyTotals } from './proof-totals';
import { openRow, proofRowsBySecret, sealerFor, sealRow } from './proof-seal';

type Delta = Omit<ProofTotalsRow, 'mintUrl'>;

function mintOf(row: ProofRow): string {
  return typeof row.mintUrl === 'string' ? row.mintUrl : '';
}

function amountOf(row: ProofRow): number {
  return Number(row.amount) || 0;
}

/** Sats go to proofTotals, every other unit to unitTotals: a sat total never holds cents. */
class Deltas {
  private readonly byKey = new Map<string, { mintUrl: string; unit: Unit; delta: Delta }>();

  private get(mintUrl: string, unit: Unit): Delta {
    const key = `${unit} ${mintUrl}`;
    let entry = this.byKey.get(key);
    if (!entry) {
      const { mintUrl: _m, ...zero } = emptyTotals(mintUrl);
      entry = { mintUrl, unit, delta: zero };
      this.byKey.set(key, entry);
    }
    return entry.delta;
  }

  added(row: ProofRow, sign: 1 | -1 = 1): void {
    const d = this.get(mintOf(row), storedUnit(row.unit));
    if (row.spentFlag === 1) {
      d.spentAmount += sign * amountOf(row);
      d.spentCount += sign;
    } else {
      d.unspentAmount += sign * amountOf(row);
      d.unspentCount += sign;
    }
  }

  async apply(db: CashewDb): Promise<void> {
    const entries = [...this.byKey.values()];
    const sats = entries.filter((e) => e.unit === SAT);
    const others = entries.filter((e) => e.unit !== SAT);
    if (sats.length > 0) {
      const current = await db.proofTotals.bulkGet(sats.map((e) => e.mintUrl));
      await db.proofTotals.bulkPut(
        sats.map((e, i) => plus(current[i] ?? emptyTotals(e.mintUrl), e.delta)),
      );
    }
    if (others.length > 0) {
      const current = await db.unitTotals.bulkGet(others.map((e) => [e.mintUrl, e.unit]));
      await db.unitTotals.bulkPut(
        others.map((e, i) => ({
          ...plus(current[i] ?? emptyTotals(e.mintUrl), e.delta),
          unit: e.unit,
        })),
      );
    }
  }
}

function plus(row: ProofTotalsRow, d: Delta): ProofTotalsRow {
  return {
    mintUrl: row.mintUrl,
    unspentAmount: row.unspentAmount + d.unspentAmount,
    unspentCount: row.unspentCount + d.unspentCount,
    spentAmount: row.spentAmount + d.spentAmount,
    spentCount: row.spentCount + d.spentCount,
  };
}

function toRow(proof: NewProof, mintUrl: string, now: number): ProofRow {
  if (typeof proof.amount !== 'number' || !Number.isSafeInteger(proof.amount) || proof.amount < 0) {
    throw new StorageError(`Proof amount must be a non-negative integer of minor units`);
  }
  if (typeof proof.secret !== 'string' || proof.secret === '') {
    throw new StorageError('Proof secret must be a non-empty string');
  }
  const row: ProofRow = {
    secret: proof.secret,
    amount: proof.amount,
    id: proof.id,
    C: proof.C,
    mintUrl,
    createdAt: now,
    isSpent: false,
    spentFlag: 0,
  };
  // A sat proof is written without a unit, as before units, so its row reads the same either way.
  if (proof.unit !== undefined && proof.unit !== SAT) row.unit = proof.unit;
  if (proof.dleq) row.dleq = { ...proof.dleq };
  if (proof.witness !== undefined) row.witness = proof.witness;
  if (proof.random) row.random = true;
  if (proof.blind) {
    // Sealed as it comes: the journal sealed its secret and blinding factor (decision 0030).
    const { sealed, ...blind } = proof.blind;
    row.sealed = sealed;
    row.blind = blind;
  }
  return row;
}

/**
 * Rows as callers of the ports expect them: opened, without the index-only spentFlag. A sealed row
 * is left out while the sales key is not open (the till is locked): only spending needs it, and
 * spending asks for the PIN first (decision 0030).
 */
export function toStoredProofs(db: CashewDb, rows: ProofRow[]): StoredProof[] {
  const opener = db.sales.salesOpener();
  const out: StoredProof[] = [];
  for (const row of rows) {
    const open = openRow(row, opener);
    if (!open) continue;
    const { spentFlag: _flag, ...proof } = open;
    out.push(proof);
  }
  return out;
}

/** The proofs and both totals tables: every transaction that writes proofs includes all three. */
export function proofTables(db: CashewDb): Table[] {
  return [db.proofs, db.proofTotals, db.unitTotals];
}

/**
 * A read-write transaction over the proofs, their totals and `tables`, for a write that stores
 * proofs: whether a PIN is set decides how they are written (decision 0030), so that is read first.
 */
export async function proofTransaction<T>(
  db: CashewDb,
  tables: Table[],
  body: () => Promise<T>,
): Promise<T> {
  await db.sales.init();
  return db.transaction('rw', [...tables, ...proofTables(db)], body);
}

/** Stores new secrets as unspent; secrets already stored are left unchanged. Returns rows added. */
export async function insertProofs(
  db: CashewDb,
  proofs: NewProof[],
  mintUrl: string,
  now: number,
): Promise<ProofRow[]> {
  const unique = new Map<string, ProofRow>();
  for (const proof of proofs) {
    if (!unique.has(proof.secret)) unique.set(proof.secret, toRow(proof, mintUrl, now));
  }
  if (unique.size === 0) return [];
  const secrets = [...unique.keys()];
  const existing = await proofRowsBySecret(db, secrets);
  const rows = secrets.filter((_, i) => existing[i] === undefined).map((s) => unique.get(s)!);
  if (rows.length === 0) return [];
  // Sealed to the sales key while a PIN is set, locked or not (decision 0030).
  const sealer = sealerFor(db);
  await db.proofs.bulkAdd(rows.map((row) => sealRow(row, sealer)));
  const deltas = new Deltas();
  for (const row of rows) deltas.added(row);
  await deltas.apply(db);
  return rows;
}

/** Flags stored unspent proofs as spent; unknown or already spent secrets are ignored. */
export async function markProofsSpent(db: CashewDb, secrets: string[]): Promise<number> {
  return setSpentFlag(db, secrets, true);
}

/** Flags stored spent proofs as unspent again (a melt came back unpaid); returns how many. */
export async function unmarkProofsSpent(db: CashewDb, secrets: string[]): Promise<number> {
  return setSpentFlag(db, secrets, false);
}

/** Moves the proofs not already so between unspent and spent, with the totals; returns how many. */
async function setSpentFlag(db: CashewDb, secrets: string[], spent: boolean): Promise<number> {
  const flag = spent ? 1 : 0;
  const rows = (await proofRowsBySecret(db, [...new Set(secrets)])).filter(
    (row): row is ProofRow => row !== undefined && (row.spentFlag === 1) !== spent,
  );
  if (rows.length === 0) return 0;
  const deltas = new Deltas();
  const updated = rows.map((row) => {
    deltas.added(row, -1);
    const next: ProofRow = { ...row, isSpent: spent, spentFlag: flag };
    deltas.added(next);
    return next;
  });
  await db.proofs.bulkPut(updated);
  await deltas.apply(db);
  return updated.length;
}

/** Deletes stored proofs by secret; returns the rows that were actually deleted. */
export async function deleteProofs(db: CashewDb, secrets: string[]): Promise<ProofRow[]> {
  const rows = (await proofRowsBySecret(db, [...new Set(secrets)])).filter(
    (row): row is ProofRow => row !== undefined,
  );
  if (rows.length === 0) return [];
  await db.proofs.bulkDelete(rows.map((row) => row.secret));
  const deltas = new Deltas();
  for (const row of rows) deltas.added(row, -1);
  await deltas.apply(db);
  return rows;
}

/**
 * Every unit's unspent total across all mints (sats always, other units where held), read inside
 * the caller's transaction: both totals tables at once.
 */
export async function storedBalances(db: CashewDb): Promise<StoredBalances> {
  const [sats, others] = await Promise.all([db.proofTotals.toArray(), db.unitTotals.toArray()]);
  const balances: StoredBalances = { sat: sats.reduce((sum, row) => sum + row.unspentAmount, 0) };
  // As the till's read totals them (storage/shop/till-unit-store.ts), unit by unit.
  for (const row of others) balances[row.unit] = (balances[row.unit] ?? 0) + row.unspentAmount;
  return balances;
}

/** Total unspent sats across all mints (no other unit), read inside the caller's transaction. */
export async function totalUnspent(db: CashewDb): Promise<number> {
  const rows = await db.proofTotals.toArray();
  return rows.reduce((sum, row) => sum + row.unspentAmount, 0);
}
