// The pending mint quote port: a Lightning sale from its invoice until its proofs are stored.
import type { FiatRecord } from '../../prices/currencies';
import type { SaleDetail } from '../../sale/sale-detail';
import type { StaffRef } from '../../staff/staff';
import { storedUnit, type Unit } from '../../units/unit';

export type QuoteKind = 'direct' | 'remote';

/** A counter range reserved for a mint or swap before its outputs were sent (for NUT-09 recovery). */
export interface CounterReservation {
  keysetId: string;
  start: number;
  count: number;
}

/** One random output as cashu-ts serialises it (`OutputData.serialize`): all strings. */
export interface PlainLockedOutput {
  blindedMessage: { amount: string; B_: string; id: string };
  blindingFactor: string;
  secret: string;
  ephemeralE?: string;
}

/**
 * One random output while a PIN is set (decision 0030): the blinded message plain, so the mint can
 * be asked for its signature while the till is locked; the secret and blinding factor sealed to
 * the sales key; `key` is the proof row's key (`h:` + SHA-256 of the secret).
 */
export interface SealedLockedOutput {
  blindedMessage: { amount: string; B_: string; id: string };
  key: string;
  sealed: { k: string; c: string };
}

/** Random outputs of a sale minted while the till is locked (decision 0024). */
export interface LockedOutputs {
  keysetId: string;
  outputs: Array<PlainLockedOutput | SealedLockedOutput>;
}

/** A mint quote persisted from the moment it exists until its proofs are stored (schema v8). */
export interface PendingMintQuote {
  quote: string;
  mintUrl: string;
  /** in the quote's unit: sats, or cents of a fiat unit */
  amount: number;
  /**
   * The unit the quote was asked for and its proofs are minted in, kept from its creation so a
   * reload mid-sale mints the right keysets; absent: sat, as every row before units
   * (docs/protocol.md "Units").
   */
  unit?: Unit;
  request: string;
  kind: QuoteKind;
  state: 'UNPAID' | 'PAID' | 'ISSUED';
  createdAt: number;
  /** unix seconds, or null when the mint gave none */
  expiry: number | null;
  /** NUT-20 lock pubkey, when the quote is locked to the merchant's key */
  pubkey?: string;
  /** set before the mint request is sent; present means a mint may have happened */
  reservation?: CounterReservation;
  /**
   * Instead of `reservation` while the till is locked (the seed is sealed): the random outputs,
   * stored before the mint request is sent; finished by NUT-09 restore of exactly these or by
   * re-sending them (decision 0024).
   */
  lockedOutputs?: LockedOutputs;
  /** remote quotes: the x-only key the cashier chose for this sale's receipt */
  receipt?: string;
  /**
   * The sale's fiat side, fixed when the invoice was created (local sales); carried to the
   * history event. Remote quotes get theirs when they are minted instead (remote-sale-fiat.ts).
   */
  fiat?: FiatRecord;
  /** remote quotes: the cashier's fiat record, checked against the quote's amount (decision 0046) */
  cashierFiat?: FiatRecord;
  /** the sale's lines, tax and tip when charged from a cart (adds up to amount); carried to history */
  sale?: SaleDetail;
  /** who at the till charged the sale (local quotes); carried to history */
  staff?: StaffRef;
  /** direct quotes: the single-use id of the NUT-18 request offered beside the invoice */
  ecashRequestId?: string;
  /** the key (compressed hex) that request asks the customer's proofs to be locked to, if any */
  ecashLock?: string;
}

/** The unit a quote's amount and proofs are in: sat unless its row names another. */
export function quoteUnit(quote: Pick<PendingMintQuote, 'unit'>): Unit {
  return storedUnit(quote.unit);
}

export interface MintQuoteStore {
  put(quote: PendingMintQuote): Promise<void>;
  get(quote: string): Promise<PendingMintQuote | undefined>;
  list(): Promise<PendingMintQuote[]>;
  update(quote: string, changes: Partial<Omit<PendingMintQuote, 'quote'>>): Promise<void>;
  remove(quote: string): Promise<void>;
  /**
   * Reserves `wanted.count` counters of `wanted.keysetId` and records the range on the quote's row
   * (state PAID) in one transaction: both or neither, so no counter is ever taken without the row
   * knowing it. Only on a store that keeps the counters beside the rows; without it the minter
   * reserves, then records (`reserveAndRecord`, core/wallet/mint/deterministic-mint.ts).
   */
  reserveOutputs?(
    quote: string,
    wanted: { keysetId: string; count: number },
  ): Promise<CounterReservation>;
}
