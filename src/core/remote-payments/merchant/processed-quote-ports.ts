// The processed remote quote port: the merchant's claims on remote quotes and how each ended.

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
