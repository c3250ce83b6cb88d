// The dev mint's persisted records and the wire shapes it answers with.

export type KeysetRecord = {
  id: string;
  unit: string;
  active: boolean;
  input_fee_ppk: number;
  /** amount -> compressed public key, hex */
  pubKeys: Record<string, string>;
  /** amount -> private key, hex (a dev mint keeps them in plain JSON on purpose) */
  privKeys: Record<string, string>;
  createdAt: number;
};

export type DleqWire = { e: string; s: string };

export type SignatureRecord = { id: string; amount: number; C_: string; dleq: DleqWire };

export type MintQuoteState = 'UNPAID' | 'PAID' | 'ISSUED';
export type MeltQuoteState = 'UNPAID' | 'PENDING' | 'PAID';
export type ProofState = 'UNSPENT' | 'PENDING' | 'SPENT';

export type MintQuoteRecord = {
  quote: string;
  request: string;
  /** In the unit: sat, or a fiat unit's cents. */
  amount: number;
  unit: string;
  /** A fiat quote's invoice amount (sat), priced when the quote was made. */
  sats?: number;
  state: MintQuoteState;
  /** unix seconds */
  expiry: number;
  pubkey?: string;
  description?: string;
  paymentHash: string;
  createdAt: number;
};

export type MeltQuoteRecord = {
  quote: string;
  request: string;
  amount: number;
  fee_reserve: number;
  unit: string;
  /** A fiat quote's BTC price (per BTC in its currency) when quoted: the routing fee uses it too. */
  btcPrice?: number;
  state: MeltQuoteState;
  expiry: number;
  payment_preimage: string | null;
  change?: SignatureRecord[];
  /** Routing fee the simulated payment cost (0 for internal settlement), once PAID. */
  fee_paid?: number;
  /** Whether the invoice is one of this mint's own (settled internally, no routing fee). */
  internal?: boolean;
  /** While PENDING: what settling needs (inputs held, blank outputs, inputs minus input fees). */
  inflight?: MeltInFlight;
  createdAt: number;
};

export type MeltInFlight = { inputs: string[]; outputs: BlindedMessageWire[]; available: number };

export type MintState = {
  identity: { mintKey: string; nodeKey: string };
  keysets: KeysetRecord[];
  /** Y (hash_to_curve(secret), hex) -> unix ms it was spent */
  spent: Record<string, number>;
  /** Y -> id of the melt quote holding the proof while its payment is in flight (NUT-07 PENDING) */
  pending: Record<string, string>;
  /** B_ (hex) -> the signature given for it; a B_ is signed once */
  signatures: Record<string, SignatureRecord>;
  mintQuotes: Record<string, MintQuoteRecord>;
  meltQuotes: Record<string, MeltQuoteRecord>;
};

export type BlindedMessageWire = { amount: number; id: string; B_: string };
export type ProofWire = {
  amount: number;
  id: string;
  secret: string;
  C: string;
  /** NUT-11 witness (a JSON string, or the object some wallets send) */
  witness?: unknown;
};

export type MintConfig = {
  inputFeePpk: number;
  /** NUT error table the mint's own refusals use. */
  nutErrorCodes: 'older' | 'current';
  /** Simulated Lightning routing fee per external melt, in sat (never more than the reserve). */
  routingFeeSat: number;
  payDelayMs: number | undefined;
  quoteExpirySeconds: number;
  minAmount: number;
  maxAmount: number;
  /** Fee reserve of a melt quote, percent of the amount (at least 1 sat); default 1. */
  feeReservePercent: number;
  /** Whether /v1/info lists NUT-20 (signed mint quotes); off models a mint that does not lock. */
  nut20: boolean;
  /**
   * Melt-quote an outside invoice past its expiry as nutshell's and CDK's fake Lightning backends
   * do (wallet test suites use fixed old invoices); off (default) refuses it as real nodes do.
   */
  acceptExpiredInvoices: boolean;
};
