// Proof rows sealed to the sales public key while a PIN is set (decision 0030): the secret, C, the
// DLEQ and any witness in one sealed box, the row stored under a hash of the secret; amount,
// keyset, mint and the spent flag stay plain so balances count them while the till is locked. A
// row minted from a sealed locked-sale journal holds the mint's blind signature and is unblinded
// as it opens.
import { isSealedBox, SalesSealer, sealedProofKey, type SalesOpener } from '../../core/lock';
import type { StoredProof } from '../../core/wallet/proof-ports';
import { unblindSealed } from '../../core/wallet/mint/sealed-journal';
import type { CashewDb } from '../database/db';
import type { ProofRow } from '../database/rows';

type SealedPart = Pick<StoredProof, 'secret' | 'C' | 'dleq' | 'witness'>;

export function isSealedRow(row: ProofRow): boolean {
  return row.sealed !== undefined;
}

/** The row as written: sealed by `sealer` when one is given (a PIN is set), else unchanged. */
export function sealRow(row: ProofRow, sealer: SalesSealer | undefined): ProofRow {
  if (!sealer || row.sealed) return row;
  const { secret, C, dleq, witness, ...rest } = row;
  const part: SealedPart = {
    secret,
    C,
    ...(dleq ? { dleq } : {}),
    ...(witness ? { witness } : {}),
  };
  return {
    ...rest,
    secret: sealedProofKey(secret),
    C: '',
    sealed: sealer.seal(JSON.stringify(part)),
  };
}

/** The row with its secret material back in place; undefined while the sales key is not open. */
export function openRow(row: ProofRow, opener: SalesOpener | undefined): ProofRow | undefined {
  if (!row.sealed) return row;
  if (!opener || !isSealedBox(row.sealed)) return undefined;
  const { sealed, blind, ...rest } = row;
  if (blind) return { ...rest, ...unblindSealed(row, { ...blind, sealed }, opener) };
  const part = JSON.parse(opener.open(sealed)) as SealedPart;
  return { ...rest, ...part };
}

/** A sealer for one write, when a PIN is set. */
export function sealerFor(db: CashewDb): SalesSealer | undefined {
  const publicKey = db.sales.salesPublicKey();
  return publicKey ? new SalesSealer(publicKey) : undefined;
}

/**
 * The stored rows for these secrets, in their order (undefined where none): each found under the
 * secret itself (plain) or under its hash (sealed).
 */
export async function proofRowsBySecret(
  db: CashewDb,
  secrets: string[],
): Promise<(ProofRow | undefined)[]> {
  const keys = secrets.flatMap((secret) => [secret, sealedProofKey(secret)]);
  const rows = await db.proofs.bulkGet(keys);
  return secrets.map((_, i) => rows[2 * i] ?? rows[2 * i + 1]);
}

/**
 * Every stored proof sealed to `sealTo`, or opened with `openWith`, rewritten under its new key;
 * amounts are unchanged, so the totals are too. Runs inside the caller's transaction (the PIN
 * change's), so the proofs and the lock record change together.
 */
export async function resealAllProofs(
  db: CashewDb,
  change: { sealTo: string } | { openWith: SalesOpener },
): Promise<void> {
  const rows = await db.proofs.toArray();
  const sealer = 'sealTo' in change ? new SalesSealer(change.sealTo) : undefined;
  const next: ProofRow[] = [];
  const gone: string[] = [];
  for (const row of rows) {
    const out = sealer
      ? sealRow(row, sealer)
      : openRow(row, 'openWith' in change ? change.openWith : undefined);
    if (!out || out === row) continue;
    next.push(out);
    gone.push(row.secret);
  }
  if (next.length === 0) return;
  await db.proofs.bulkDelete(gone);
  await db.proofs.bulkPut(next);
}
