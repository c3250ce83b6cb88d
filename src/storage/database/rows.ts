// The row types of the Dexie tables, apart from the database class (db.ts) so that the schema
// upgrades and the stores can use them without an import cycle through db.ts.
import type { SealedBox } from '../../core/lock';
import type { Unit } from '../../core/units/unit';
import type { FiatRecord } from '../../core/prices/currencies';
import type { ProcessedQuote } from '../../core/remote-payments/merchant/processed-quote-ports';
import type { BlindSignature, StoredProof } from '../../core/wallet/proof-ports';
import type { SaleDetail } from '../../core/sale/sale-detail';
import type { StaffRef } from '../../core/staff/staff';
import type { BatchState, ReadNote } from '../../core/backup/records/ports';

/** A stored proof plus a numeric copy of isSpent, because booleans cannot be IndexedDB keys. */
export interface ProofRow extends StoredProof {
  spentFlag: 0 | 1;
  /**
   * Set on a row written while a PIN is set (decision 0030): secret, C, dleq and witness sealed to
   * the sales key; `secret` then holds a hash of the secret and `C` is empty.
   */
  sealed?: SealedBox;
  /**
   * Set with `sealed` on a proof a locked till minted from its sealed journal (decision 0030): the
   * mint's blind signature; `sealed` holds the secret and blinding factor, and opening unblinds.
   */
  blind?: Omit<BlindSignature, 'sealed'>;
}

/** Running totals per mint, rewritten in the same transaction as every proof write. */
export interface ProofTotalsRow {
  mintUrl: string;
  unspentAmount: number;
  unspentCount: number;
  spentAmount: number;
  spentCount: number;
}

/**
 * Running totals per mint of one unit other than sat (schema v46), rewritten in the same
 * transaction as every proof write; proofTotals keeps the sats, so no sat total ever holds cents.
 */
export interface UnitTotalsRow extends ProofTotalsRow {
  unit: Unit;
}

/** A claimed remote quote; mintUrl and outcome are unindexed fields added after v3 (no upgrade). */
export type ProcessedQuoteRow = ProcessedQuote;

export interface ConfigRow {
  key: string;
  value: string;
  updatedAt: number;
}

export interface KeyRow {
  key: string;
  value: Uint8Array | string;
  updatedAt: number;
}

export interface HistoryRow {
  id: number;
  createdAt: number;
  type: string;
  amount: number;
  mintUrl: string;
  quoteId?: string;
  metadata?: string;
  /** the invoice a cash-out paid (indexed from schema v17; only cash-out rows have it) */
  request?: string;
  /** a sale's fiat side (unindexed: added without a schema version) */
  fiat?: FiatRecord;
  /** a sale's lines, tax, tip and payment method (unindexed: added without a schema version) */
  sale?: SaleDetail;
  /** who at the till took the sale or made the refund (unindexed: no schema version) */
  staff?: StaffRef;
  /** a sale's unit when not sats, `amount` then in its minor units (unindexed: no schema version) */
  unit?: Unit;
  /** when the sale's receipt was printed automatically (unindexed: no schema version) */
  printedAt?: number;
  /**
   * Another device's event (docs/protocol.md "Records on the relays"): its global id
   * `<device key>:<its id>` (unique index, schema v36); absent on this device's own rows.
   */
  gid?: string;
  /** that device's key, x-only hex */
  device?: string;
  /** the copy stored, for the copy rule: its digest and its envelope's created_at */
  copy?: { digest: string; envelopeAt: number };
  /** an imported refund whose sale has not arrived yet: the sale's global id (unindexed) */
  linkGid?: string;
  /**
   * a sale's receipt number, given by the device that recorded it (storage/history/receipt-numbers.ts;
   * unindexed: no schema version for the field)
   */
  receiptNumber?: string;
}

/** One of this device's history batches on the relays (schema v36). */
export type RecordBatchRow = BatchState;

/** The newest version of another device's batch imported whole (schema v36). */
export interface RecordReadRow extends ReadNote {
  /** `<author>/<name>` */
  key: string;
}

export interface CounterRow {
  keysetId: string;
  next: number;
}

/** A remote cashier link's pairing secret, per merchant (v16). */
export interface CashierLinkRow {
  merchant: string;
  pairingSecret: Uint8Array;
  updatedAt: number;
}

/** The inbox's lookback per relay (schema v12): unix seconds of its last complete listen. */
export interface RelayCursorRow {
  relay: string;
  listenedAt: number;
}
