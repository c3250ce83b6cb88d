// What core needs from storage: interfaces only. src/storage implements them on Dexie;
// tests may implement them in memory. Amounts are integer sats (plain numbers) throughout.
import type { CounterSource } from '@cashu/cashu-ts';
import type { HistoryEventType } from './history-kinds';
import type { FiatRecord } from './prices/currencies';
import type { PaymentMethod, SaleDetail } from './sale/sale-detail';

// History event types are declared once, with what each kind means, in core/history-kinds.ts.
export type { CounterSource, FiatRecord, HistoryEventType };

// ---------------------------------------------------------------- proofs

/**
 * An ecash proof as the wallet keeps it (the proof's own fields plus where and whether it is
 * spent).
 */
export interface StoredProof {
  secret: string;
  amount: number;
  /** keyset id */
  id: string;
  C: string;
  dleq?: { e: string; s: string; r?: string };
  /** NUT-11 witness, a JSON string */
  witness?: string;
  /**
   * Minted while the till was locked, with random secrets the phrase cannot restore; swapped
   * for NUT-13 outputs after the PIN is entered (decision 0024).
   */
  random?: true;
  /**
   * When the mint first answered PENDING for this proof in a state check (unix ms): it is being
   * spent by someone else (another device on the phrase), so nothing of ours may spend it until a
   * later check says otherwise (docs/protocol.md "Proof states").
   */
  mintPending?: number;
  /**
   * Y = hash_to_curve(secret), compressed hex: how a mint names the proof in NUT-07. Kept once a
   * state check worked it out (about half a millisecond each), so later checks do not again; it
   * spends nothing (docs/security.md).
   */
  Y?: string;
  mintUrl: string;
  createdAt: number;
  isSpent: boolean;
}

/**
 * The mint's signature on a sealed journal output (decision 0030): `C_` and the keyset's public
 * key for the amount are plain; the secret and blinding factor stay sealed until the PIN opens
 * the row, and the proof is unblinded then.
 */
export interface BlindSignature {
  sealed: { k: string; c: string };
  C_: string;
  /** the mint's public key for this amount (hex) */
  K: string;
  dleq?: { e: string; s: string };
}

/**
 * A proof as it arrives from the mint, before the wallet tags it. With `blind`, `secret` is the
 * row key of a sealed output and `C` is empty: it is stored sealed, counted, and opened later.
 */
export type NewProof = Omit<
  StoredProof,
  'mintUrl' | 'createdAt' | 'isSpent' | 'mintPending' | 'Y'
> & {
  blind?: BlindSignature;
};

export interface ProofStats {
  totalProofs: number;
  unspentProofs: number;
  spentProofs: number;
  totalBalance: number;
  totalSpent: number;
}

export interface ProofStore {
  /** Stores proofs as unspent, tagged with the mint. A secret already stored is left unchanged. */
  add(proofs: NewProof[], mintUrl: string): Promise<void>;
  markSpent(secrets: string[]): Promise<void>;
  /** Deletes by secret; returns how many were deleted. */
  remove(secrets: string[]): Promise<number>;
  /** Unspent proofs with their secrets; while the till is locked, sealed ones are left out. */
  listUnspent(mintUrl?: string): Promise<StoredProof[]>;
  /** Which of these secrets are stored unspent; answers while the till is locked too. */
  unspentOf(secrets: string[]): Promise<Set<string>>;
  /** Sum of unspent amounts; 0 when the read fails. */
  balance(mintUrl?: string): Promise<number>;
  /** Unspent sats per mint URL as stored, mints with none left out; empty when the read fails. */
  balancesByMint(): Promise<Record<string, number>>;
  /** All zero when the read fails. */
  stats(): Promise<ProofStats>;
}

// ---------------------------------------------------------------- proof states (NUT-07)

/** What one mint said of the stored proofs it was asked about, by secret. */
export interface ProofStateAnswer {
  mintUrl: string;
  spent: string[];
  pending: string[];
  /** unspent proofs that were marked pending (their mark is cleared); others need no write */
  unspent: string[];
  /** Ys worked out for this check, by secret, for proofs stored without one (kept on the rows) */
  ys?: Record<string, string>;
}

/** What recording an answer changed. */
export interface ProofStatesRecorded {
  /** sats (and proofs) removed as spent elsewhere, in one 'spent-elsewhere' event; 0 when none */
  amount: number;
  numProofs: number;
  /** the mint's stored proofs now marked pending at the mint, in sats */
  pendingSats: number;
  /** whether anything was removed or a pending mark was set or cleared */
  changed: boolean;
}

/**
 * Where the reconciler keeps what mints said (docs/protocol.md "Proof states"): the proofs and
 * the history in one transaction, and per mint the time of its last complete check.
 */
export interface ProofStateStore {
  /**
   * One transaction: deletes the `spent` proofs still stored unspent and records one
   * 'spent-elsewhere' event for them, marks the `pending` ones and clears the mark of the
   * `unspent` ones, keeps the `ys` on their rows, and notes the mint as checked now. Proofs our own operations are spending are
   * left alone whatever the mint said: those a withdrawal token or a journaled swap holds (their
   * owners settle them) and those a melt flagged spent.
   */
  record(answer: ProofStateAnswer): Promise<ProofStatesRecorded>;
  /** unix ms of each mint's last complete check, by mintKey; empty when never or unreadable */
  lastChecks(): Promise<Record<string, number>>;
  /** sats of stored proofs marked pending at their mint, per mint URL as stored */
  pendingSats(): Promise<Record<string, number>>;
}

// ---------------------------------------------------------------- history

export interface HistoryEvent {
  id: number;
  createdAt: number;
  type: HistoryEventType;
  amount: number;
  mintUrl: string;
  quoteId?: string;
  /** JSON text (or any text from older data) */
  metadata?: string;
  /** a sale's display currency, price and fiat value when it was taken (unindexed, no upgrade) */
  fiat?: FiatRecord;
  /** a sale's lines, tax, tip and payment method, when known (unindexed, no upgrade) */
  sale?: SaleDetail;
  /**
   * The phrase's other device that recorded the event (its device key, x-only hex); absent for
   * this device's own events (docs/protocol.md "Records on the relays").
   */
  device?: string;
}

export interface HistoryPage {
  events: HistoryEvent[];
  total: number;
  page: number;
  pageSize: number;
}

export interface PaymentEventInput {
  type: 'direct-payment' | 'remote-payment';
  amount: number;
  mintUrl: string;
  quoteId: string;
  /** the payment request (invoice); stored as metadata {request} */
  request: string;
  /** the sale's fiat side, when a display currency and its price were known */
  fiat?: FiatRecord;
  /** the sale's lines, tax, tip and payment method, when known */
  sale?: SaleDetail;
}

export interface WithdrawalEventInput {
  amount: number;
  mintUrl: string;
  numProofs: number;
  /** the token refunded a sale: recorded as type 'refund' linked to it */
  refund?: RefundLink;
}

/** A cancelled withdrawal token (history type 'token-cancelled'). */
export interface TokenCancelledEventInput {
  /** the token's sats, now available again (before the fee) */
  tokenAmount: number;
  /** what the mint kept for the swap(s): the only sats that left the balance */
  fee: number;
  mintUrl: string;
  numProofs: number;
}

/** Events per history page, the wallet screen's and the store's default. */
export const HISTORY_PAGE_SIZE = 10;

/** What a refund event keeps in its metadata besides what its payout path writes. */
export interface RefundLink {
  /** the sale's history id */
  refundOf: number;
  /** how the sats went back: a Lightning payment or an ecash token */
  method: PaymentMethod;
  /** the sale's receipt reference, so the CSV can name the sale */
  reference?: string;
}

export interface HistoryStore {
  addPayment(event: PaymentEventInput): Promise<number>;
  addWithdrawal(event: WithdrawalEventInput): Promise<number>;
  /** Newest first; page numbers start at 1; page size defaults to 10. */
  page(page: number, pageSize?: number): Promise<HistoryPage>;
}

// ---------------------------------------------------------------- pending mint quotes

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
  amount: number;
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
  /** direct quotes: the single-use id of the NUT-18 request offered beside the invoice */
  ecashRequestId?: string;
  /** the key (compressed hex) that request asks the customer's proofs to be locked to, if any */
  ecashLock?: string;
}

export interface MintQuoteStore {
  put(quote: PendingMintQuote): Promise<void>;
  get(quote: string): Promise<PendingMintQuote | undefined>;
  list(): Promise<PendingMintQuote[]>;
  update(quote: string, changes: Partial<Omit<PendingMintQuote, 'quote'>>): Promise<void>;
  remove(quote: string): Promise<void>;
}

// ---------------------------------------------------------------- pending withdrawals

/** A withdrawal token whose proofs are watched until the mint reports them spent (schema v8). */
export interface PendingWithdrawal {
  id: string;
  mintUrl: string;
  token: string;
  secrets: string[];
  amount: number;
  createdAt: number;
  /**
   * Present on a consolidation journal row instead of a watched token: the swap of `inputSecrets`
   * into outputs of `reservation` may have reached the mint. Such a row has no token and no
   * secrets; it is finished by NUT-09 restore + NUT-07 check, never by swapping again.
   */
  consolidation?: {
    reservation: CounterReservation;
    inputSecrets: string[];
    /**
     * Set when the swap cancels a withdrawal token (its inputs are that token's proofs): finishing
     * it also closes the token's row and records the cancel (Ledger.finishConsolidation).
     */
    cancels?: string;
  };
  /**
   * A token being cancelled in more than one swap (over MAX_SWAP_INPUTS proofs): the fee the
   * finished swaps cost so far, recorded with the cancel when the last one finishes.
   */
  cancelFee?: number;
  /**
   * Set when the token refunds a sale (docs/behaviour.md "Refunds"): it counts against what is
   * left of the sale while pending, and its redemption is recorded as type 'refund'.
   */
  refund?: RefundLink;
}

export interface WithdrawalStore {
  put(withdrawal: PendingWithdrawal): Promise<void>;
  /**
   * One transaction: writes a token's row only if every one of its proofs is still stored and
   * unspent (not flagged by a melt) and held by no other token (decision 0015). False, writing
   * nothing, otherwise: a cash-out or another withdrawal took some of them meanwhile.
   */
  putToken(withdrawal: PendingWithdrawal): Promise<boolean>;
  list(): Promise<PendingWithdrawal[]>;
  remove(id: string): Promise<void>;
}

// ---------------------------------------------------------------- atomic multi-store writes

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
  finishConsolidation(args: {
    journalId: string;
    mintUrl: string;
    inputSecrets: string[];
    outputs: NewProof[];
    /**
     * The withdrawal row the swap cancels: in the same transaction, once none of its proofs is
     * stored any more, the row is deleted and one 'token-cancelled' event recorded.
     */
    cancels?: string;
  }): Promise<void>;
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

// ---------------------------------------------------------------- cash-out (NUT-05 melt)

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
}

/** The multi-store writes of a cash-out, one IndexedDB transaction each (storage/ledger.ts). */
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

// ---------------------------------------------------------------- ecash receipts (NUT-18, tokens)

/**
 * Ecash a customer paid a sale with, journaled after its checks and before its swap, until the
 * swap's outputs are stored (docs/protocol.md "Receiving ecash").
 */
export interface PendingEcashReceipt {
  /** the payment request's id, or `token:` and a proof secret for a pasted token */
  id: string;
  mintUrl: string;
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
  sale: SaleDetail;
  fiat?: FiatRecord;
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

// ---------------------------------------------------------------- processed remote quotes

/**
 * Why a claimed remote quote ended without a payment: it expired unpaid, the mint had issued it
 * to someone else, or the mint does not know it.
 */
/** 'paid-ecash': the remote sale was paid by its ecash request, which closed the quote. */
export type ClaimOutcome = 'expired' | 'issued-elsewhere' | 'unknown-at-mint' | 'paid-ecash';

/** A claimed remote quote (the processedQuotes store). */
export interface ProcessedQuote {
  quoteId: string;
  processedAt: number;
  amount: number;
  /** the mint the quote was claimed for; absent on claims written before it was recorded */
  mintUrl?: string;
  /** set when the claim ended without a payment (see ClaimOutcome) */
  outcome?: ClaimOutcome;
  /** the cashier's receipt key for this sale, kept so a receipt can be sent again */
  receipt?: string;
}

export interface ProcessedQuoteStore {
  /** Records a quote as processed; rethrows on error. */
  mark(quoteId: string, amount: number): Promise<void>;
  /** False on error. */
  isProcessed(quoteId: string): Promise<boolean>;
  /**
   * Atomic unique insert: true for the one caller that claimed it, false if already claimed.
   * The inbox claims through Ledger.claimRemoteQuote instead, which also persists the quote.
   */
  claim(quoteId: string, amount: number): Promise<boolean>;
  /** Empty on error. */
  list(): Promise<ProcessedQuote[]>;
  /** Deletes entries older than maxAgeMs (default 30 days); returns the count, 0 on error. */
  cleanup(maxAgeMs?: number): Promise<number>;
}

// ---------------------------------------------------------------- config and keys

export interface ConfigStore {
  /** The stored mint URL; the default is written back when missing. */
  getMintUrl(): Promise<string>;
  setMintUrl(url: string): Promise<void>;
  /** The stored relays; the default is written back when missing or not valid JSON. */
  getRelays(): Promise<string[]>;
  setRelays(relays: string[]): Promise<void>;
  /** Saves mint URL and relays in one transaction. */
  saveSettings(
    settings: { mintUrl: string; relays: string[] },
    options?: NewWalletOnly,
  ): Promise<void>;
  isOnboarded(): Promise<boolean>;
  setOnboarded(onboarded: boolean): Promise<void>;
  getCounter(): Promise<number>;
  setCounter(value: number): Promise<void>;
  incrementCounter(by?: number): Promise<number>;
  decrementCounter(by?: number): Promise<number>;
  /** The shop's name as saved in Settings; '' when none was set. */
  getShopName(): Promise<string>;
  setShopName(name: string): Promise<void>;
}

export interface KeyStore {
  getSecretKey(): Promise<Uint8Array | undefined>;
  setSecretKey(secretKey: Uint8Array): Promise<void>;
  getMnemonic(): Promise<string | undefined>;
  getSeed(): Promise<Uint8Array | undefined>;
  /** Replaces the device key and stores phrase and seed, in one transaction. */
  saveWalletKeys(
    keys: {
      secretKey: Uint8Array;
      mnemonic: string;
      seed: Uint8Array;
    },
    options?: NewWalletOnly,
  ): Promise<void>;
}

/**
 * For the writes that create a wallet (onboarding): `newWalletOnly` makes the write check, in its
 * own transaction, that the device is not onboarded, and throw WalletExistsError (writing nothing)
 * when it is, so neither a race nor a direct call overwrites a wallet (docs/security.md).
 */
export interface NewWalletOnly {
  newWalletOnly?: boolean;
}

/** Milliseconds since the epoch; injected so tests control time. */
export type Clock = () => number;

// ---------------------------------------------------------------- ecash from other mints

/**
 * Ecash of a mint the merchant does not accept, being melted there to pay an invoice of the
 * merchant's mint (schema v32; docs/protocol.md "Ecash from other mints"). The customer's proofs
 * stay here until the merchant's mint has issued the invoice's ecash.
 */
export interface PendingForeignEcash {
  /** the receipt id, as for `PendingEcashReceipt` (request id, or `token:` and a secret) */
  id: string;
  /** the other mint, as `usableMintUrl` gives it */
  foreignMint: string;
  /** the customer's proofs: the melt's inputs */
  inputs: NewProof[];
  /** the other mint's melt quote paying `mintQuote.request` */
  meltQuote: string;
  /** the other mint's fee reserve and input fee for that melt */
  feeReserve: number;
  inputFee: number;
  /** our invoice at the merchant's mint; minted as a quote once it is paid (QuoteMinter) */
  mintQuote: PendingMintQuote;
  /** the sale's amount; what arrives beyond it is the tip */
  saleAmount: number;
  /**
   * 'failed': the other mint refused the melt later, or said it paid and the payment never came
   * (after `unarrivedLooks` or days); the proofs are kept, nothing is retried
   */
  state: 'melting' | 'failed';
  /**
   * why and when (unix ms) a row became 'failed', for the merchant to see; `kind` 'refused': the
   * other mint did not take the proofs (they can be handed back), 'unarrived': it spent them
   */
  failure?: { reason: string; at: number; kind?: 'refused' | 'unarrived' };
  /** start-up looks that found the other mint's PAID with our invoice still unpaid */
  unarrivedLooks?: number;
  createdAt: number;
  fiat?: FiatRecord;
  sale?: EcashSaleLines;
  /** the invoice of the same sale (NUT-18), closed in the transaction that records the ecash */
  closesQuote?: string;
}

export interface ForeignEcashStore {
  get(id: string): Promise<PendingForeignEcash | undefined>;
  /** the row whose `mintQuote.quote` is this */
  byQuote(quote: string): Promise<PendingForeignEcash | undefined>;
  /** oldest first */
  list(): Promise<PendingForeignEcash[]>;
  update(id: string, changes: Partial<Omit<PendingForeignEcash, 'id'>>): Promise<void>;
  remove(id: string): Promise<void>;
  /** One transaction: journal the row unless one with its id is journaled or was recorded. */
  begin(row: PendingForeignEcash): Promise<boolean>;
  /** One transaction: drop a failed row (its proofs handed back); false when none is failed. */
  closeFailed(id: string): Promise<boolean>;
  /** One transaction: a failed row back to 'melting', its failure and looks cleared. */
  reopen(id: string): Promise<boolean>;
  /**
   * One transaction: store the minted proofs, record the sale, drop the row (with the customer's
   * spent proofs) and the invoice it closes. Settled false, writing nothing, when the row is gone.
   */
  settle(args: {
    id: string;
    mintUrl: string;
    proofs: NewProof[];
    event: EcashPaymentEventInput;
  }): Promise<Settlement>;
}
