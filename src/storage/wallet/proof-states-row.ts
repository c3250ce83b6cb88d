// The proof-state check's config row (last check per mint, pending sats per mint), read without
// the proof store's sealing code: the wallet's first page reads its pending sats before the
// services have loaded (docs/performance.md "Wallet at scale").
import type { CashewDb } from '../database/db';

export const PROOF_STATES_KEY = 'PROOF_STATES';

/** The config row: last complete check per mint key, pending sats per stored mint URL. */
export interface ProofStatesRow {
  checked: Record<string, number>;
  pending: Record<string, number>;
}

function numbers(value: unknown): Record<string, number> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, number] =>
        typeof entry[1] === 'number' && Number.isFinite(entry[1]),
    ),
  );
}

/** The row as stored; empty when missing or unreadable. */
export async function readProofStates(db: CashewDb): Promise<ProofStatesRow> {
  const row = await db.config.get(PROOF_STATES_KEY);
  if (!row) return { checked: {}, pending: {} };
  try {
    const value = JSON.parse(row.value) as Partial<ProofStatesRow>;
    return { checked: numbers(value.checked), pending: numbers(value.pending) };
  } catch {
    return { checked: {}, pending: {} };
  }
}
