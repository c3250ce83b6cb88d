// Replacing the wallet from Settings (docs/behaviour.md "Replace wallet"): what the device would
// leave behind, whether that may be given up, and the one write that forgets the wallet.
import { ValidationError } from '../../errors';
import type { UnitBalance } from '../proof-ports';

/** What the current wallet still holds or waits for. */
export interface LeftBehind {
  /** unspent sats per mint, pending withdrawal tokens included (their proofs stay stored) */
  balances: Array<{ mintUrl: string; sats: number }>;
  /** invoices (mint quotes) a payment could still reach: not expired unpaid ones */
  pendingInvoices: number;
  /** cash-outs (melts) the mint has not settled yet */
  pendingMelts: number;
  /** withdrawal tokens nobody has redeemed yet */
  pendingTokens: { count: number; sats: number };
  /** swaps of the wallet's own proofs still being finished (consolidation, token cancel) */
  swapsInProgress: number;
  /**
   * Unspent ecash in units other than sats, per mint (dollars, euros); absent or empty: none.
   * The phrase restores it as it restores sats (docs/protocol.md "Restore", per unit).
   */
  otherUnits?: UnitBalance[];
}

export const NOTHING_LEFT: LeftBehind = Object.freeze({
  balances: [],
  pendingInvoices: 0,
  pendingMelts: 0,
  pendingTokens: { count: 0, sats: 0 },
  swapsInProgress: 0,
}) as LeftBehind;

export const REFUSED_INVOICES =
  'Wait until the open invoices are paid or expire: a payment to them would be lost.';
export const REFUSED_IN_PROGRESS = 'Wait until the cash-outs in progress have finished.';
export const REFUSED_BALANCE =
  'Withdraw or cash out the balance first, or check the current recovery phrase below: it is the only way to get this balance back.';

export type ReplaceVerdict = { allowed: true } | { allowed: false; reason: string };

export const totalSats = (left: LeftBehind) =>
  left.balances.reduce((sum, { sats }) => sum + sats, 0);

/**
 * Allowed only when nothing would become unrecoverable. Invoices and money in flight are never
 * given up: the phrase alone cannot mint a paid invoice whose quote is forgotten, nor settle a
 * cash-out. Stored ecash of any unit (tokens included) can be, once the merchant has typed back
 * words of the current phrase: restoring it on the same mint brings every unit back (NUT-09/13).
 */
export function replaceVerdict(left: LeftBehind, phraseChecked: boolean): ReplaceVerdict {
  if (left.pendingInvoices > 0) return { allowed: false, reason: REFUSED_INVOICES };
  if (left.pendingMelts > 0 || left.swapsInProgress > 0) {
    return { allowed: false, reason: REFUSED_IN_PROGRESS };
  }
  const holdsEcash = totalSats(left) > 0 || (left.otherUnits ?? []).length > 0;
  if (holdsEcash && !phraseChecked) return { allowed: false, reason: REFUSED_BALANCE };
  return { allowed: true };
}

/** Storage's side: the reads above, and the wallet forgotten in one transaction. */
export interface WalletReplaceStore {
  leftBehind(nowMs: number): Promise<LeftBehind>;
  /**
   * In one transaction: reads what would be left behind again, calls `check` (which throws to
   * refuse: nothing is written), then deletes the wallet's rows and sets ONBOARDED false.
   */
  forgetWallet(nowMs: number, check: (left: LeftBehind) => void): Promise<void>;
}

/**
 * Forgets the wallet if the verdict, taken again inside the write's transaction, allows it: a
 * sale that lands after the merchant looked is never deleted unseen. Throws ValidationError with
 * the reason otherwise.
 */
export async function replaceWallet(
  store: WalletReplaceStore,
  options: { phraseChecked: boolean; now: number },
): Promise<void> {
  await store.forgetWallet(options.now, (left) => {
    const verdict = replaceVerdict(left, options.phraseChecked);
    if (!verdict.allowed) throw new ValidationError(verdict.reason);
  });
}
