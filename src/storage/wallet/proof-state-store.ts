// ProofStateStore on Dexie: what a mint said of the stored proofs (NUT-07), recorded in one
// transaction with its 'spent-elsewhere' history row; per mint the time of its last complete check
// and the sats it holds pending, in one config row (docs/protocol.md "Proof states").
import type { Clock } from '../../core/clock';
import type {
  ProofStateAnswer,
  ProofStatesRecorded,
  ProofStateStore,
} from '../../core/wallet/proof-states/ports';
import { mintUrlKey } from '../../core/urls/normalise-url';
import type { CashewDb } from '../database/db';
import { historyRow } from '../history/history-row';
import { proofRowsBySecret } from './proof-seal';
import { deleteProofs, proofTables } from './proof-writes';
import { SAT, storedUnit, type Unit } from '../../core/units/unit';
import type { ProofRow } from '../database/rows';
import { PROOF_STATES_KEY, readProofStates, type ProofStatesRow } from './proof-states-row';

export { PROOF_STATES_KEY };

export class DexieProofStateStore implements ProofStateStore {
  constructor(
    private readonly db: CashewDb,
    private readonly clock: Clock,
  ) {}

  async record(answer: ProofStateAnswer): Promise<ProofStatesRecorded> {
    const { db } = this;
    const tables = [...proofTables(db), db.withdrawals, db.historyEvents, db.config];
    return db.transaction('rw', tables, async () => {
      const now = this.clock();
      // Read inside the transaction: a token or swap written since the mint was asked holds its
      // proofs now, and the mint's "spent" may be that very swap.
      const ours = new Set(
        (await db.withdrawals.toArray()).flatMap((row) => [
          ...row.secrets,
          ...(row.consolidation?.inputSecrets ?? []),
        ]),
      );
      const said = new Map<string, 'SPENT' | 'PENDING' | 'UNSPENT' | undefined>();
      const ys = answer.ys ?? {};
      for (const secret of Object.keys(ys)) said.set(secret, undefined);
      for (const secret of answer.unspent) said.set(secret, 'UNSPENT');
      for (const secret of answer.pending) said.set(secret, 'PENDING');
      for (const secret of answer.spent) said.set(secret, 'SPENT');
      const secrets = [...said.keys()];
      const rows = await proofRowsBySecret(db, secrets);
      const gone: string[] = [];
      const marked: ProofRow[] = [];
      const rewritten: ProofRow[] = [];
      let pendingMoved = false;
      secrets.forEach((secret, i) => {
        const row = rows[i];
        if (!row) return;
        const state = said.get(secret);
        const Y = row.Y === undefined ? ys[secret] : undefined;
        // Gone, flagged by a melt, or held by a token or a swap: its owner settles it.
        const owned = row.spentFlag !== 0 || ours.has(secret);
        let next: ProofRow = Y === undefined ? row : { ...row, Y };
        if (!owned && state === 'SPENT') {
          gone.push(secret);
          if (row.mintPending !== undefined) pendingMoved = true;
          return;
        }
        if (!owned && state === 'PENDING' && row.mintPending === undefined) {
          next = { ...next, mintPending: now };
          marked.push(next);
        } else if (!owned && state === 'UNSPENT' && row.mintPending !== undefined) {
          const { mintPending: _was, ...rest } = next;
          next = rest;
          marked.push(next);
        }
        if (next !== row) rewritten.push(next);
      });
      const deleted = await deleteProofs(db, gone);
      const units = byUnit(deleted);
      // What the caller reports is sats; other units go to their own rows only.
      const amount = sumOf(units.get(SAT) ?? []);
      // One event per unit: sats and cents spent elsewhere are never one amount (decision 0067).
      for (const [unit, rowsOfUnit] of units) {
        // The row names its unit too, as a sale's does: history shows cents as cents.
        await db.historyEvents.add({
          ...historyRow(
            now,
            'spent-elsewhere',
            { amount: sumOf(rowsOfUnit), mintUrl: answer.mintUrl },
            { numProofs: rowsOfUnit.length, ...(unit === SAT ? {} : { unit }) },
          ),
          ...(unit === SAT ? {} : { unit }),
        });
      }
      // Sealed rows keep their sealed box: only the plain mark and Y change.
      if (rewritten.length > 0) await db.proofs.bulkPut(rewritten);
      const row = await this.read();
      let pendingSats = row.pending[answer.mintUrl] ?? 0;
      if (marked.length > 0 || pendingMoved) {
        pendingSats = (
          await db.proofs.where('[mintUrl+spentFlag]').equals([answer.mintUrl, 0]).toArray()
        )
          .filter((p) => p.mintPending !== undefined && storedUnit(p.unit) === SAT)
          .reduce((sum, p) => sum + p.amount, 0);
      }
      const pending = { ...row.pending, [answer.mintUrl]: pendingSats };
      if (pendingSats === 0) delete pending[answer.mintUrl];
      await this.write({
        checked: { ...row.checked, [mintUrlKey(answer.mintUrl)]: now },
        pending,
      });
      return {
        amount,
        numProofs: deleted.length,
        pendingSats,
        changed: deleted.length > 0 || marked.length > 0,
      };
    });
  }

  async lastChecks(): Promise<Record<string, number>> {
    return (await this.read()).checked;
  }

  async pendingSats(): Promise<Record<string, number>> {
    return (await this.read()).pending;
  }

  private read(): Promise<ProofStatesRow> {
    return readProofStates(this.db);
  }

  private async write(value: ProofStatesRow): Promise<void> {
    await this.db.config.put({
      key: PROOF_STATES_KEY,
      value: JSON.stringify(value),
      updatedAt: this.clock(),
    });
  }
}

function byUnit(rows: ProofRow[]): Map<Unit, ProofRow[]> {
  const out = new Map<Unit, ProofRow[]>();
  for (const row of rows) {
    const unit = storedUnit(row.unit);
    out.set(unit, [...(out.get(unit) ?? []), row]);
  }
  return out;
}

function sumOf(rows: ProofRow[]): number {
  return rows.reduce((sum, row) => sum + row.amount, 0);
}
