// The restore scan's persisted progress and the storage it needs (see docs/architecture.md,
// "Restore"). Storage implements RestoreLedger on Dexie; tests may implement it in memory.
import type { ErrorText } from '../../errors';
import type { NewProof } from '../proof-ports';
import type { Unit } from '../../units/unit';
import type { LockedFound } from './found-units';

/** Minor units found per fiat unit (cents of usd, of eur): never added to a sat figure. */
export type FoundInUnits = Partial<Record<Exclude<Unit, 'sat'>, number>>;

/** Where one keyset's NUT-09 walk stands. Counters below `next` have been asked for. */
export interface KeysetScan {
  id: string;
  /**
   * The keyset's unit when it is not sat: its proofs are stored in it and `foundSats` counts its
   * minor units (docs/protocol.md "Restore"); absent: sat, as on rows from before units.
   */
  unit?: Unit;
  /** the next counter to ask the mint about */
  next: number;
  /** empty batches in a row since the last signature (the stop rule counts these) */
  emptyRun: number;
  /** highest counter the mint had a signature for, or null when none yet */
  highest: number | null;
  /** start of the first batch that had a signature (at or below the lowest signed counter) */
  firstFound?: number;
  /**
   * The walk does not stop before this counter, empty batches or not: what this device's
   * counters, or the counters the other keysets used, say may have been issued here.
   */
  minEnd: number;
  done: boolean;
  /** newly stored from this keyset, in its unit's minor units (sats unless `unit`) */
  foundSats: number;
  /** signatures the mint answered that failed their check (DLEQ, keyset, amount): not stored */
  refused?: number;
  /** the walk reached the counter limit with signatures still coming (see restore-service.ts) */
  stoppedAtLimit?: boolean;
}

export type MintScanStatus = 'pending' | 'scanning' | 'done' | 'failed';

/**
 * Where a mint to scan was listed: the mint in Settings, this device's proofs and history, the
 * phrase's NUT-27 mint list backup, the merchant's kind 10019 profile, a sale taken while locked
 * on one of the phrase's devices (its envelope, docs/protocol.md "Locked sales on the relays").
 * One mint may have several.
 */
export type MintSource = 'settings' | 'wallet' | 'backup' | 'profile' | 'locked-sale';

export interface MintScan {
  mintUrl: string;
  status: MintScanStatus;
  /** known once the mint answered its keyset list */
  keysets: KeysetScan[];
  /** sats newly stored from this mint (its sat keysets only) */
  foundSats: number;
  /** what its keysets of other units brought back, per unit (absent: nothing) */
  foundInUnits?: FoundInUnits;
  /** why the mint could not be scanned (unreachable, keyset gone, no NUT-09) */
  error?: string;
  /** the same sentences as catalog keys and values, in order (absent on older rows) */
  errorTexts?: ErrorText[];
  /** where it was listed (absent on rows written before sources were kept) */
  sources?: MintSource[];
  /** of foundSats, the sats of sales taken while locked restored from their envelopes */
  lockedSats?: number;
  /** those sales' outputs were restored and stored (once per scan) */
  lockedDone?: boolean;
}

/** One scan at a time; the row exists from the moment a scan is asked for until it ends. */
export interface RestoreScanRow {
  id: 'current';
  startedAt: number;
  /** what asked for it */
  reason: 'onboarding' | 'settings';
  mints: MintScan[];
  /** set by Cancel; the running scan stops at its next batch and ends */
  cancelled?: boolean;
  /** the mint lists on the relays were read (once per scan, before the first mint) */
  discovered?: boolean;
  /** why they could not be read */
  discoveryError?: string;
  /** why the sales taken while locked could not be read from the relays (this run's read) */
  lockedSalesError?: string;
}

/** What a finished (or cancelled) scan recorded: one history event per mint. */
export interface RestoreOutcome {
  mints: Array<{
    mintUrl: string;
    foundSats: number;
    /** what came back in other units (cents of usd, …), apart from the sats */
    foundInUnits?: FoundInUnits;
    /** of foundSats, from sales taken while locked (their envelopes) */
    lockedSats?: number;
    error?: string;
    errorTexts?: ErrorText[];
    sources?: MintSource[];
  }>;
  totalSats: number;
  cancelled: boolean;
  /** the mint lists on the relays could not be read: mints only they name were not scanned */
  discoveryError?: string;
}

export interface RestoreLedger {
  /** The scan in progress, if any. */
  current(): Promise<RestoreScanRow | undefined>;
  /** Writes the row unless a scan is already in progress; true when written. */
  begin(row: RestoreScanRow): Promise<boolean>;
  /** Replaces the stored row (status and keyset list changes that store no money). */
  save(row: RestoreScanRow): Promise<void>;
  /**
   * One transaction: store the unspent proofs found in one batch (known secrets are left as they
   * are), move the keyset's NUT-13 counter to at least `counterAtLeast`, and write the keyset's
   * new progress with what was actually added, in the keyset's unit (the mint's sats, or its
   * `foundInUnits`). Returns that amount, in the keyset's unit.
   */
  recordBatch(args: {
    mintUrl: string;
    keyset: KeysetScan;
    proofs: NewProof[];
    counterAtLeast?: number;
    /** the same for this keyset only, the global COUNTER left as it is (the restore's margin) */
    skipCounterTo?: number;
  }): Promise<number>;
  /**
   * One transaction: store the unspent proofs restored from the envelopes of sales taken while
   * locked (known secrets are left as they are), add their sats to the mint's found and locked
   * sats, their other units to its `foundInUnits`, and mark its locked sales done. Returns what
   * was added, per unit.
   */
  recordLocked(args: { mintUrl: string; proofs: NewProof[] }): Promise<LockedFound>;
  /** Marks the scan cancelled (the scan itself stops at its next batch). */
  cancel(): Promise<void>;
  /**
   * One transaction: one 'restore' history event per mint that was started, then the row is
   * deleted. Undefined when no scan was in progress (another tab finished it).
   */
  finish(): Promise<RestoreOutcome | undefined>;
  /** Every mint the wallet ever used: stored proofs and history (the caller adds the config one). */
  knownMints(): Promise<string[]>;
  /** Keyset ids of the proofs stored for a mint. */
  storedKeysetIds(mintUrl: string): Promise<string[]>;
  /** This device's counter for each keyset that has a row, and the global COUNTER. */
  counters(): Promise<{ perKeyset: Record<string, number>; global: number }>;
}
