// The ledger port: the writes that span stores, each one transaction (settle, claim, close).
import type { StoredBalances } from '../events';
import type { PaymentEventInput } from '../history-ports';
import type {
  ClaimOutcome,
  ProcessedQuote,
} from '../remote-payments/merchant/processed-quote-ports';
import type { PendingMintQuote } from './mint/ports';
import type { NewProof } from './proof-ports';

/** What settling a paid mint quote stores. */
export interface SettleMintQuote {
  quote: string;
  mintUrl: string;
  proofs: NewProof[];
  event: PaymentEventInput;
}

/** Whether a settlement wrote anything (false: someone settled it first), and the balance after. */
export interface Settlement {
  settled: boolean;
  balance: number;
  /** Every unit's total after, read in the same transaction (where the store reads them). */
  balances?: StoredBalances;
}

export interface Ledger {
  /**
   * One transaction: store the proofs, record the payment event, delete the pending quote.
   * Returns settled false (and writes nothing) when the quote is no longer pending, so a
   * second tab or a second delivery never records the same payment twice.
   */
  settleMintQuote(args: SettleMintQuote): Promise<Settlement>;

  /**
   * One transaction: delete the spent proofs of a withdrawal that are still stored, record one
   * withdrawal event for them, and drop the watch when none of its proofs remain.
   * Returns what was recorded (amount 0 when nothing was left to remove).
   */
  settleWithdrawal(args: {
    withdrawalId: string;
    spentSecrets: string[];
  }): Promise<{ amount: number; numProofs: number; remaining: number }>;

  /**
   * One transaction: claim a remote quote (unique insert into the processed quotes, tagged with
   * its mint) and persist it as a pending mint quote. Either both rows exist afterwards or
   * neither does. False, writing nothing, when the quote was claimed before.
   */
  claimRemoteQuote(quote: PendingMintQuote, limit?: RemoteQuoteLimit): Promise<boolean>;

  /**
   * One transaction: delete a pending quote that ended without a payment and record why on its
   * claim (remote quotes), so start-up reconciliation knows the claim is closed. Either row may
   * be missing already.
   */
  closeMintQuote(quote: string, outcome: ClaimOutcome): Promise<void>;

  /**
   * Claimed remote quotes with no pending row, no history event and no recorded outcome: a
   * claim whose payment nothing tracks (written by versions that claimed and tracked in two
   * transactions). Start-up reconciliation tracks them again.
   */
  unsettledClaims(): Promise<ProcessedQuote[]>;

  /**
   * One transaction: persist a reconciled claim as a pending quote again, unless it was settled
   * meanwhile (a history event has its quote id) or is already pending. True when written.
   */
  reopenClaim(quote: PendingMintQuote): Promise<boolean>;

  /**
   * One transaction: store the outputs of a consolidation swap in place of its inputs and drop
   * its journal row, so a crash cannot leave the proofs swapped with the journal still open.
   */
  finishConsolidation(args: FinishConsolidation): Promise<void>;
}

/** A consolidation swap's outcome, stored in place of its inputs (Ledger.finishConsolidation). */
export interface FinishConsolidation {
  journalId: string;
  mintUrl: string;
  inputSecrets: string[];
  outputs: NewProof[];
  /**
   * The withdrawal row the swap cancels: in the same transaction, once none of its proofs is
   * stored any more, the row is deleted and one 'token-cancelled' event recorded.
   */
  cancels?: string;
}

/**
 * A cap on unpaid remote quotes (docs/protocol.md "Receiving (merchant inbox)"): when a new unpaid
 * one would pass it, expired unpaid remote quotes without a reservation are closed first, oldest
 * expiry first; if that is not enough, the claim throws PendingQuoteLimitError, writing nothing.
 */
export interface RemoteQuoteLimit {
  maxUnpaid: number;
  /** unix seconds: quotes whose expiry is at or before it count as expired */
  nowSeconds: number;
}
