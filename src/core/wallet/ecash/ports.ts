// The ecash receipt ports (NUT-18 payloads, pasted tokens): journal, held payloads, atomic writes.
import type { FiatRecord } from '../../prices/currencies';
import type { SaleDetail } from '../../sale/sale-detail';
import type { StaffRef } from '../../staff/staff';
import type { Settlement } from '../ledger-ports';
import type { CounterReservation, LockedOutputs } from '../mint/ports';
import type { NewProof } from '../proof-ports';
import type { Unit } from '../../units/unit';

/**
 * Ecash a customer paid a sale with, journaled after its checks and before its swap, until the
 * swap's outputs are stored (docs/protocol.md "Receiving ecash").
 */
export interface PendingEcashReceipt {
  /** the payment request's id, or `token:` and a proof secret for a pasted token */
  id: string;
  mintUrl: string;
  /**
   * The unit the sale is charged in and the swap's outputs are on; absent: sats (rows from
   * before units). `inputs`, `amount` and `fee` are in its minor units.
   */
  unit?: Unit;
  /** the customer's proofs as received: the swap's inputs */
  inputs: NewProof[];
  /** the sale's amount in sats; what arrives beyond it is the tip */
  amount: number;
  /** the mint's input fee for the swap (NUT-02), taken from the customer's proofs */
  fee: number;
  createdAt: number;
  /** the NUT-13 counters of the swap's outputs, recorded before the swap is sent */
  reservation?: CounterReservation;
  /** a locked till's swap: its random outputs, recorded before the swap is sent (decision 0024) */
  lockedOutputs?: LockedOutputs;
  fiat?: FiatRecord;
  /** the sale's lines and tax, when the keypad or cart knew them */
  sale?: EcashSaleLines;
  /** the invoice (mint quote) of the same sale, closed when the ecash is recorded */
  closesQuote?: string;
  /**
   * Taken while the mint could not be reached (docs/protocol.md "Ecash taken offline"): a refusal
   * of its swap keeps the row, with the mint's reason, for a retry instead of dropping it.
   */
  offline?: { takenAt: number; refused?: string };
  /** who at the till charged the sale */
  staff?: StaffRef;
}

/** A sale's lines for an ecash receipt: a cart's tip, when it had one, is kept; method is 'ecash'. */
export type EcashSaleLines = Omit<SaleDetail, 'method' | 'tipSats'> & { tipSats?: number };

export interface EcashReceiptStore {
  get(id: string): Promise<PendingEcashReceipt | undefined>;
  /** oldest first */
  list(): Promise<PendingEcashReceipt[]>;
  update(id: string, changes: Partial<Omit<PendingEcashReceipt, 'id'>>): Promise<void>;
  remove(id: string): Promise<void>;
}

/**
 * A NUT-18 payload that came before its sale was known (a remote cashier's message still on its
 * way): kept, untouched, until that message names its request (docs/protocol.md "Payloads in the inbox").
 */
export interface HeldEcashPayload {
  /** the request id and a hash of the content: the same payload twice is held once */
  key: string;
  requestId: string;
  /** the decrypted message, as it came */
  content: string;
  receivedAt: number;
  /**
   * The request id carries the tag of this merchant's pairing secret (a cashier of its own made
   * it): held apart from strangers' payloads, under a bound of its own. Absent: not known to be.
   */
  issued?: boolean;
}

export interface HeldEcashStore {
  /**
   * Keeps the payload unless held already, then drops any held since before `since` and the
   * oldest beyond `max` of the payloads of the row's kind (issued or not), in one transaction;
   * resolves with the keys dropped.
   */
  hold(row: HeldEcashPayload, bounds: { max: number; since: number }): Promise<string[]>;
  /** oldest first; only this request's when given */
  list(requestId?: string): Promise<HeldEcashPayload[]>;
  remove(key: string): Promise<void>;
}

/** An ecash sale's history event (type 'ecash-payment'). */
export interface EcashPaymentEventInput {
  /** the sats that arrived (after the swap fee) */
  amount: number;
  mintUrl: string;
  receiptId: string;
  fee: number;
  /** a sale charged in a fiat unit (`amount` and `fee` in cents); absent: sats */
  unit?: Unit;
  sale: SaleDetail;
  fiat?: FiatRecord;
  staff?: StaffRef;
}

export interface EcashLedger {
  /**
   * One transaction: journal the receipt unless one with its id is journaled or was recorded
   * (a history event carries it). False, writing nothing, then.
   */
  beginEcashReceipt(receipt: PendingEcashReceipt): Promise<boolean>;
  /**
   * One transaction: store the swap's outputs, record the sale, drop the journal row and the
   * invoice it closes. Settled false, writing nothing, when the row is gone (settled elsewhere).
   */
  settleEcashReceipt(args: {
    id: string;
    mintUrl: string;
    proofs: NewProof[];
    event: EcashPaymentEventInput;
  }): Promise<Settlement>;
}
