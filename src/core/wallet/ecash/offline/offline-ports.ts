// What taking ecash without the mint needs from storage: the mint's keysets as last seen, and the
// offline sales with the secrets they took (docs/protocol.md "Ecash taken offline").
import type { PendingEcashReceipt } from '../ports';

/** A keyset as the mint served it at the last contact, checked sound before it was kept. */
export interface CachedKeyset {
  id: string;
  mintUrl: string;
  unit: string;
  /** amount -> compressed public key, hex */
  keys: Record<string, string>;
  /** NUT-02 input fee, parts per thousand per proof */
  inputFeePpk: number;
  active: boolean;
  /** NUT-02 final expiry, unix seconds, when the mint names one */
  finalExpiry?: number;
  savedAt: number;
}

export interface KeysetCache {
  /** Keeps the mint's keysets (replacing those with the same id); never rejects the caller's work. */
  save(keysets: CachedKeyset[]): Promise<void>;
  list(mintUrl: string): Promise<CachedKeyset[]>;
}

/** One sale taken without the mint: kept after its redemption, so its secrets are never taken twice. */
export interface OfflineSaleRow {
  /** the ecash journal row's id (`token:` and the first secret) */
  id: string;
  mintUrl: string;
  /** the sale's amount in sats */
  amount: number;
  /** the sats the proofs carry before the swap fee */
  paid: number;
  takenAt: number;
  /** every proof secret the sale took */
  secrets: string[];
}

/** What the caps are measured against, read in the transaction that takes the sale. */
export interface OfflineTotals {
  /** sales taken offline since the start of the local day */
  today: number;
  /** offline sales not yet redeemed */
  outstanding: number;
}

export interface OfflineSaleStore {
  /**
   * One transaction: refuses (`taken` true, writing nothing) when any secret was taken before;
   * else reads the totals, lets `check` throw to refuse, then writes the sale and its swap journal.
   */
  takeOffline(
    sale: OfflineSaleRow,
    journal: PendingEcashReceipt,
    dayStart: number,
    check: (totals: OfflineTotals) => void,
  ): Promise<{ taken: boolean }>;
  /** the secrets among `secrets` an offline sale took before */
  taken(secrets: string[]): Promise<Set<string>>;
  /** newest first */
  list(limit: number): Promise<OfflineSaleRow[]>;
}
