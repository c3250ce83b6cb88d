// Ecash of other mints that could not be settled, as the Wallet screen shows it: handed back to the
// customer as a token, or tried again (docs/protocol.md "Ecash from other mints").
import { ValidationError } from '../../../errors';
import type { ForeignEcashStore, PendingForeignEcash } from './ports';
import { sumSats } from '../../proof-convert';
import { encodeWithdrawToken } from '../../withdraw/withdraw-token';
import { FAILED_NO_REASON, NEVER_ARRIVED_MESSAGE } from './foreign-texts';

/** 'hand-back': the proofs are still good at the other mint; 'retry': that mint spent them. */
export type FailedForeignKind = 'hand-back' | 'retry';

export interface FailedForeignEcash {
  id: string;
  /** the customer's ecash, in sats */
  amount: number;
  foreignMint: string;
  reason: string;
  /** unix ms */
  at: number;
  kind: FailedForeignKind;
}

export { FAILED_NO_REASON };

/**
 * Only a refusal leaves the proofs unspent; anything else (the other mint said it paid, or a row
 * from before the kind was kept) is tried again, never handed back as if it were still good.
 */
export function failedKind(row: PendingForeignEcash): FailedForeignKind {
  const failure = row.failure;
  if (failure?.kind) return failure.kind === 'refused' ? 'hand-back' : 'retry';
  return failure && failure.reason !== NEVER_ARRIVED_MESSAGE ? 'hand-back' : 'retry';
}

export async function listFailedForeign(store: ForeignEcashStore): Promise<FailedForeignEcash[]> {
  const rows = await store.list();
  return rows
    .filter((row) => row.state === 'failed')
    .map((row) => ({
      id: row.id,
      amount: sumSats(row.inputs),
      foreignMint: row.foreignMint,
      reason: row.failure?.reason ?? FAILED_NO_REASON,
      at: row.failure?.at ?? row.createdAt,
      kind: failedKind(row),
    }));
}

/** Thrown when a row is gone or of the other kind: nothing is changed. */
export const FAILED_GONE_MESSAGE = 'This ecash is no longer waiting';

async function failedRow(store: ForeignEcashStore, id: string, kind: FailedForeignKind) {
  const row = await store.get(id);
  if (row?.state !== 'failed' || failedKind(row) !== kind) {
    throw new ValidationError(FAILED_GONE_MESSAGE);
  }
  return row;
}

/** The customer's own proofs as one cashuB token of the other mint, to redeem elsewhere. */
export async function handBackToken(store: ForeignEcashStore, id: string): Promise<string> {
  const row = await failedRow(store, id, 'hand-back');
  return encodeWithdrawToken(row.foreignMint, row.inputs);
}

/**
 * The token was handed back: the row is closed. Never a sale, the balance unchanged; a second
 * close (two taps, two tabs) changes nothing.
 */
export async function closeHandedBack(store: ForeignEcashStore, id: string): Promise<void> {
  const row = await store.get(id);
  if (!row) return;
  if (failedKind(row) !== 'hand-back') throw new ValidationError(FAILED_GONE_MESSAGE);
  await store.closeFailed(id);
}

/** Checks a row may be tried again (the other mint spent its proofs) before `ForeignEcash.retry`. */
export async function assertRetryable(store: ForeignEcashStore, id: string): Promise<void> {
  await failedRow(store, id, 'retry');
}

/** What the Wallet screen does with failed rows; `retry` is ForeignEcash's. */
export class FailedForeignEcashes {
  constructor(
    private readonly deps: {
      store: ForeignEcashStore;
      retry(id: string): Promise<{ status: 'received' | 'duplicate' }>;
    },
  ) {}

  list(): Promise<FailedForeignEcash[]> {
    return listFailedForeign(this.deps.store);
  }

  token(id: string): Promise<string> {
    return handBackToken(this.deps.store, id);
  }

  close(id: string): Promise<void> {
    return closeHandedBack(this.deps.store, id);
  }

  /** True when the payment arrived now and the sale was recorded. */
  async retry(id: string): Promise<boolean> {
    await assertRetryable(this.deps.store, id);
    return (await this.deps.retry(id)).status === 'received';
  }
}
