// The proof states port (NUT-07): what the mint last said of each stored proof.

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
