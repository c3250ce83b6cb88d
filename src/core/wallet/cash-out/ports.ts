// The cash-out ports (NUT-05 melt): the melt journal and its atomic writes.
import type { RefundLink } from '../../history-ports';
import type { Settlement } from '../ledger-ports';
import type { CounterReservation } from '../mint/ports';
import type { NewProof } from '../proof-ports';
import type { Unit } from '../../units/unit';

/** What settling a paid melt stores: the change, and the cash-out event. */
export interface SettleMelt {
  quote: string;
  change: NewProof[];
  event: CashOutEventInput;
}

/**
 * A melt on its way to the mint or in flight there (schema v11): written, with the inputs taken out
 * of the balance, before the melt request is sent, and removed only when the mint says PAID
 * (inputs deleted, change stored, cash-out event) or UNPAID (inputs back in the balance). See
 * docs/architecture.md, "Cash-out".
 */
export interface PendingMelt {
  /** the melt quote id */
  quote: string;
  mintUrl: string;
  /** the BOLT11 invoice being paid */
  request: string;
  /** sats the receiver gets */
  amount: number;
  /** the mint's fee reserve for Lightning routing */
  feeReserve: number;
  /** the input fees of the inputs (NUT-02) */
  inputFee: number;
  /** secrets of the proofs sent as inputs; flagged spent (out of the balance) while pending */
  inputSecrets: string[];
  /** sum of the inputs */
  inputAmount: number;
  /** counters of the NUT-08 blank outputs, reserved before the request; absent when none */
  reservation?: CounterReservation;
  /** the Lightning address or LNURL paid, when the invoice came from one */
  destination?: string;
  /** the invoice's description, kept for the history row */
  description?: string;
  /** set by automatic cash-out */
  auto?: boolean;
  /** set when this payment refunds a sale (docs/behaviour.md "Refunds") */
  refund?: RefundLink;
  /**
   * The unit paid from when not sats (docs/protocol.md "Units"): `amount`, `feeReserve`,
   * `inputFee` and `inputAmount` are then in its minor units, the inputs and change of its keyset.
   */
  unit?: Unit;
  /** with a unit: the invoice's sats, what `amount` cents bought (the rate shown) */
  invoiceSats?: number;
  createdAt: number;
  /** unix seconds of the melt quote's expiry, or null */
  expiry: number | null;
}

export interface MeltStore {
  get(quote: string): Promise<PendingMelt | undefined>;
  /** Oldest first. */
  list(): Promise<PendingMelt[]>;
}

export interface CashOutEventInput {
  amount: number;
  /** what Lightning routing actually cost: inputs - input fee - amount - change */
  feePaid: number;
  inputFee: number;
  mintUrl: string;
  quoteId: string;
  request: string;
  preimage: string | null;
  destination?: string;
  /** the invoice's description */
  description?: string;
  auto?: boolean;
  /** change beyond what was left over after the amount: the mint returned more than it owed */
  extraChange?: number;
  /** routing fee charged beyond the fee reserve the merchant agreed to */
  feeBeyondReserve?: number;
  /** a refund of a sale: recorded as type 'refund' linked to it */
  refund?: RefundLink;
  /** paid from a fiat balance: `amount` and the fees in its minor units */
  unit?: Unit;
  /** with a unit: the invoice's sats */
  invoiceSats?: number;
}

/** The multi-store writes of a cash-out, one IndexedDB transaction each (storage/wallet/ledger.ts). */
export interface MeltLedger {
  /**
   * Writes the melt row and flags its inputs spent (out of the balance), unless one of them is no
   * longer an unspent proof, is held by a pending withdrawal token, or a melt row already pays the
   * same invoice: then false, nothing written.
   */
  beginMelt(melt: PendingMelt): Promise<boolean>;
  /** The mint did not pay: inputs back to unspent, row deleted. False when the row was gone. */
  releaseMelt(quote: string): Promise<boolean>;
  /**
   * The mint paid: inputs deleted, change stored, one cash-out event, row deleted. False (nothing
   * written) when the row was gone, so a second tab never records the same cash-out twice.
   */
  settleMelt(args: SettleMelt): Promise<Settlement>;
  /** A cash-out event for this invoice exists already (it was paid from this wallet). */
  invoicePaid(request: string): Promise<boolean>;
}
