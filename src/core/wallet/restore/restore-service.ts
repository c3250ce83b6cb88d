// Bringing the ecash back from the phrase: a NUT-09 walk of every keyset's NUT-13 counters at every
// mint the wallet used, NUT-07 check, unspent proofs stored, counters moved past what was used.
// The path through the code and the stop rule are in docs/architecture.md, "Restore"; the mint
// calls in docs/protocol.md, "Restore".
import { CheckStateEnum, type OutputData, type Wallet } from '@cashu/cashu-ts';
import { noCheckpoint, type Checkpoint } from '../../checkpoint';
import { CashewError, RelaysTimeoutError, type ErrorWords } from '../../errors';
import type { WalletEvents } from '../../events';
import type { Logger } from '../../logger';
import type { Clock } from '../../clock';
import type { ConfigStore } from '../../settings/ports';
import { toMintError } from '../mint-errors';
import { toNewProof } from '../proof-convert';
import { defaultQuoteLock, type QuoteLock } from '../../cross-tab-lock';
import { mintUrlKey } from '../../urls/normalise-url';
import type { WalletProvider } from '../wallet-provider';
import { SAT } from '../../units/unit';
import { addFound, addLockedFound } from './found-units';
import { inUnit, keysetUnits } from './keyset-units';
import { restoreCheckedBatch } from './restore-batch';
import { deriveInThisThread, type DeriveRestoreOutputs } from './restore-outputs';
import type { LockedSaleFound } from '../../backup/locked-sale-envelope';
import { restoreLockedSales } from './locked-sales';
import {
  LOCKED_SALES_UNREAD_MESSAGE,
  MINT_LISTS_UNREAD_MESSAGE,
  relayErrorsOf,
  restoreWords,
} from './restore-messages';
import type {
  KeysetScan,
  MintScan,
  MintSource,
  RestoreLedger,
  RestoreOutcome,
  RestoreScanRow,
} from './types';

/** cashu-ts batchRestore defaults as the product uses them: batches of 100, 300 empty = 3 batches. */
export const RESTORE_BATCH_SIZE = 100;
export const RESTORE_EMPTY_BATCHES = 3;
/**
 * No keyset is walked past this counter. Each sale takes about ten NUT-13 counters (one per
 * output: the amount's powers of two, plus change and swaps when cashing out), so a million is
 * some 100,000 sales on one keyset, years of a busy shop, while a mint that keeps answering
 * without end (and slips past the decoy of restore-batch.ts) cannot run the scan forever or
 * grow the balance without bound. Reaching it is told to the merchant (docs/protocol.md).
 */
export const RESTORE_COUNTER_LIMIT = 1_000_000;
/**
 * Mints scanned at once: one mint's round trips overlap the other's checks, which take the
 * browser's main thread (docs/performance.md "Restore").
 */
export const RESTORE_PARALLEL_MINTS = 2;
/**
 * Longest a scan waits for each of the relays' parts (the mint lists, the locked sales) before it
 * goes on with the mints it knows and says what it could not read (docs/protocol.md "Restore"):
 * each relay read already ends at 5 s, but what surrounds it (a relay set that never answers, the
 * onboarding settings restore) must not hold the ecash back.
 */
export const RESTORE_RELAYS_LIMIT_MS = 30_000;
const LOCK_NAME = 'cashew-restore';

/** Mints listed outside this device, read once per scan (core/backup/restore-sources.ts). */
export type DiscoverMints = (reason: RestoreScanRow['reason']) => Promise<{
  mints: Array<{ url: string; source: MintSource }>;
  error?: string;
}>;

export interface RestoreProgress {
  mintUrl: string;
  /** 1-based position of the mint being scanned, of `mintCount` */
  mintIndex: number;
  mintCount: number;
  /** 1-based position of the keyset being walked, of `keysetCount` (0 while listing keysets) */
  keysetIndex: number;
  keysetCount: number;
  /** sats newly stored so far, all mints (other units are in each mint's `foundInUnits`) */
  foundSats: number;
  /** signatures the mints answered that failed their check and were not stored, all mints */
  refusedSignatures: number;
  /** every mint of the scan: where it was listed, what it gave, why it could not be scanned */
  mints: Array<
    Pick<
      MintScan,
      | 'mintUrl'
      | 'status'
      | 'foundSats'
      | 'foundInUnits'
      | 'lockedSats'
      | 'error'
      | 'errorTexts'
      | 'sources'
    >
  >;
  /** the mint lists (or the sales taken while locked) on the relays could not be read */
  discoveryError?: string;
}

export type RestoreProgressListener = (progress: RestoreProgress | null) => void;
export type RestoreFinishedListener = (outcome: RestoreOutcome) => void;

export interface RestoreServiceDeps {
  ledger: RestoreLedger;
  config: Pick<ConfigStore, 'getMintUrl'>;
  wallets: Pick<WalletProvider, 'getSeededWallet' | 'invalidate'>;
  events: WalletEvents;
  logger: Logger;
  clock: Clock;
  /** cross-tab exclusion: one scan at a time on the device (Web Locks in the app) */
  lock?: QuoteLock;
  batchSize?: number;
  emptyBatches?: number;
  /** the counter no keyset is walked past (RESTORE_COUNTER_LIMIT) */
  counterLimit?: number;
  /** test seam between the steps of the scan (see core/checkpoint.ts) */
  checkpoint?: Checkpoint;
  /** the NUT-27 mint list and the merchant's profile on the relays; absent: this device only */
  discoverMints?: DiscoverMints;
  /**
   * The sales taken while locked that the phrase's devices left on the relays (read once per
   * run, kept in memory only: their secrets are not written to the scan row); absent: none.
   */
  lockedSales?: () => Promise<LockedSaleFound[]>;
  /** RESTORE_RELAYS_LIMIT_MS */
  relaysLimitMs?: number;
  /** where a batch's outputs are derived (the app: workers); absent: this thread */
  deriveOutputs?: DeriveRestoreOutputs;
  /**
   * True once the page is going away (the app: `pagehide`). The browser then aborts the scan's
   * requests; what fails from then on is no answer of the mint's, so nothing is marked failed and
   * the next page resumes the scan where its last stored batch left it.
   */
  pageClosing?: () => boolean;
}

/** The page went away mid-scan: the row is left as stored for the next page's resume. */
class ScanLeftForNextPage extends CashewError {}

/** `work`, or RelaysTimeoutError once `ms` have passed (the work is left to end on its own). */
function withinRelaysLimit<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new RelaysTimeoutError(`${what}: no answer within ${ms / 1000} s`)),
      ms,
    );
  });
  // A late rejection of the abandoned work is nobody's to handle.
  work.catch(() => {});
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

/**
 * Adds a mint to the scan, or its source to the mint already there: compared by mintUrlKey, so a
 * mint two sources list is scanned, and counted, once.
 */
export function addMintToScan(mints: MintScan[], url: string, source: MintSource): boolean {
  if (!url) return false;
  const key = mintUrlKey(url);
  const known = mints.find((m) => mintUrlKey(m.mintUrl) === key);
  if (known) {
    known.sources ??= [];
    if (!known.sources.includes(source)) known.sources.push(source);
    return false;
  }
  // The settings mint and this device's records keep their stored form (proofs are stored
  // under it); a listed one is taken in the normalised form.
  const mintUrl = source === 'settings' || source === 'wallet' ? url : key;
  mints.push({ mintUrl, status: 'pending', keysets: [], foundSats: 0, sources: [source] });
  return true;
}

function supportsRestore(wallet: Wallet): boolean {
  try {
    return wallet.getMintInfo().isSupported(9).supported;
  } catch {
    return false;
  }
}

/**
 * How far a keyset's first counter may lie from 0 on any install of this phrase: counters of a
 * never-used keyset start at the global COUNTER (storage/wallet/counter-source.ts), which is what the
 * keysets used before it consumed. Each keyset's consumption is taken as the span of its signed
 * counters; counters reserved but never signed are within the empty-run allowance walked past it.
 */
export function startBound(row: RestoreScanRow, keysetId: string): number {
  let sum = 0;
  for (const mint of row.mints) {
    for (const ks of mint.keysets) {
      if (ks.id !== keysetId && ks.highest !== null) sum += ks.highest + 1 - (ks.firstFound ?? 0);
    }
  }
  return sum;
}

/**
 * Keysets whose walk ended below what the other keysets' findings say it may have started at get
 * walked on from there, the empty-run count starting afresh. True when any was reopened.
 */
export function widen(row: RestoreScanRow): boolean {
  let changed = false;
  for (const mint of row.mints) {
    if (mint.status === 'failed') continue;
    for (const ks of mint.keysets) {
      // A keyset stopped at the counter limit stays stopped, whatever the others found.
      if (!ks.done || ks.stoppedAtLimit) continue;
      const bound = startBound(row, ks.id);
      if (ks.next <= bound) {
        ks.minEnd = Math.max(ks.minEnd, bound + 1);
        ks.emptyRun = 0;
        ks.done = false;
        mint.status = 'scanning';
        changed = true;
      }
    }
  }
  return changed;
}

/**
 * One scan at a time, persisted in a RestoreLedger row from the moment it is asked for, so a reload
 * resumes it (`resume` at start-up). Every batch stores what it found, moves the counter and
 * records its progress in one transaction, so a repeat of a batch adds nothing twice.
 */
export class RestoreService {
  private readonly progressListeners = new Set<RestoreProgressListener>();
  private readonly finishedListeners = new Set<RestoreFinishedListener>();
  private progress: RestoreProgress | null = null;
  private running: Promise<RestoreOutcome | undefined> | null = null;
  private cancelRequested = false;
  private readonly lock: QuoteLock;
  private readonly batchSize: number;
  private readonly emptyBatches: number;
  private readonly counterLimit: number;
  private readonly relaysLimitMs: number;
  /**
   * Counters a finished keyset walk leaves unused past the last one the mint signed: another
   * device on the same phrase that keeps selling from where it stood takes them before it reaches
   * this device's outputs (docs/behaviour.md, "Two devices on one phrase"). One batch fewer than
   * the stop rule's empty run, so a later restore still walks across the gap: with batches of
   * 100, 200 counters, some 20 sales.
   */
  private readonly counterMargin: number;
  private readonly checkpoint: Checkpoint;
  /**
   * The row's writes, one after another: the mints' walks run together, and each write stores the
   * in-memory row with every keyset's progress matching what its batches stored.
   */
  private writes: Promise<unknown> = Promise.resolve();
  /** This run's sales taken while locked, by mintUrlKey. */
  private lockedByMint = new Map<string, LockedSaleFound[]>();

  constructor(private readonly deps: RestoreServiceDeps) {
    this.lock = deps.lock ?? defaultQuoteLock();
    this.batchSize = deps.batchSize ?? RESTORE_BATCH_SIZE;
    this.emptyBatches = deps.emptyBatches ?? RESTORE_EMPTY_BATCHES;
    this.counterLimit = deps.counterLimit ?? RESTORE_COUNTER_LIMIT;
    this.relaysLimitMs = deps.relaysLimitMs ?? RESTORE_RELAYS_LIMIT_MS;
    this.counterMargin = Math.max(0, this.emptyBatches - 1) * this.batchSize;
    this.checkpoint = deps.checkpoint ?? noCheckpoint;
  }

  /** The scan's progress now, or null when none runs in this tab. */
  current(): RestoreProgress | null {
    return this.progress;
  }

  onProgress(listener: RestoreProgressListener): () => void {
    this.progressListeners.add(listener);
    return () => this.progressListeners.delete(listener);
  }

  onFinished(listener: RestoreFinishedListener): () => void {
    this.finishedListeners.add(listener);
    return () => this.finishedListeners.delete(listener);
  }

  /**
   * Persists a scan of the configured mint and every mint the wallet used, unless one is in
   * progress already. Does not run it (`resume` does), so onboarding can write it before the
   * onboarded flag and a reload right after still scans.
   */
  async schedule(reason: RestoreScanRow['reason']): Promise<void> {
    const mints: MintScan[] = [];
    addMintToScan(mints, await this.deps.config.getMintUrl(), 'settings');
    for (const url of await this.deps.ledger.knownMints()) addMintToScan(mints, url, 'wallet');
    await this.deps.ledger.begin({ id: 'current', startedAt: this.deps.clock(), reason, mints });
  }

  /** Schedules a scan and runs it (Settings "Recover funds"). */
  async start(reason: RestoreScanRow['reason']): Promise<RestoreOutcome | undefined> {
    if (this.running) return this.running;
    await this.schedule(reason);
    return this.resume();
  }

  /**
   * Runs the stored scan to its end, if there is one (start-up, after onboarding). Resolves with
   * what it recorded, or undefined when there was nothing to run. Never rejects.
   */
  resume(): Promise<RestoreOutcome | undefined> {
    this.running ??= this.lock(LOCK_NAME, () => this.runStored())
      .catch((error: unknown) => {
        if (error instanceof ScanLeftForNextPage) {
          this.deps.logger.info('The page closed during the restore scan: the next one resumes it');
        } else {
          this.deps.logger.error('The restore scan failed', error);
        }
        return undefined;
      })
      .finally(() => {
        this.running = null;
        this.cancelRequested = false;
        this.publish(null);
      });
    return this.running;
  }

  /** Stops the scan at its next batch; what was found so far stays stored and is recorded. */
  async cancel(): Promise<void> {
    this.cancelRequested = true;
    await this.deps.ledger.cancel();
  }

  /** True while a scan runs in this tab. */
  isRunning(): boolean {
    return this.running !== null;
  }

  private async runStored(): Promise<RestoreOutcome | undefined> {
    const row = await this.deps.ledger.current();
    if (!row) return undefined;
    await this.checkpoint('restore:scheduled');
    if (!row.cancelled && !row.discovered) await this.discover(row);
    if (!row.cancelled) await this.readLockedSales(row);
    if (!row.cancelled) {
      do {
        await this.scanPending(row);
      } while (!this.cancelRequested && widen(row) && (await this.saveRow(row)));
    }
    if (this.noteChecks(row)) await this.save(row);
    const outcome = await this.deps.ledger.finish();
    if (outcome) {
      for (const listener of [...this.finishedListeners]) {
        try {
          listener(outcome);
        } catch (error) {
          this.deps.logger.error('A restore listener failed', error);
        }
      }
    }
    return outcome;
  }

  /**
   * Adds to each mint's message what its checks refused or where the limit stopped it, so the
   * outcome and history say it. Idempotent: a resume after a crash here does not say it twice.
   */
  private noteChecks(row: RestoreScanRow): boolean {
    let changed = false;
    for (const mint of row.mints) {
      const refused = mint.keysets.reduce((sum, ks) => sum + (ks.refused ?? 0), 0);
      const limited = mint.keysets.filter((ks) => ks.stoppedAtLimit).map((ks) => ks.id);
      const notes = [
        ...(refused > 0 ? [restoreWords.refusedSignatures(refused)] : []),
        ...(limited.length > 0 ? [restoreWords.counterLimit(limited, this.counterLimit)] : []),
      ];
      for (const note of notes) {
        if (mint.error?.includes(note.message)) continue;
        mint.error = mint.error ? `${mint.error} ${note.message}` : note.message;
        mint.errorTexts = [...(mint.errorTexts ?? []), note.text];
        changed = true;
      }
    }
    return changed;
  }

  /** Adds the mints the relays list; once per scan, so a resume does not ask again. */
  private async discover(row: RestoreScanRow): Promise<void> {
    if (this.deps.discoverMints) {
      try {
        const found = await withinRelaysLimit(
          this.deps.discoverMints(row.reason),
          this.relaysLimitMs,
          'The mint lists on the relays',
        );
        for (const { url, source } of found.mints) addMintToScan(row.mints, url, source);
        if (found.error) row.discoveryError = found.error;
      } catch (error) {
        this.leaveIfClosing();
        this.deps.logger.warn('Reading the mint lists from the relays failed', error);
        row.discoveryError = MINT_LISTS_UNREAD_MESSAGE;
      }
    }
    row.discovered = true;
    await this.save(row);
    this.publishFor(row, 0, 0);
  }

  /**
   * Reads the envelopes of sales taken while locked. A certified one (written by one of the
   * phrase's devices) adds its mint to the scan; an uncertified one is used only at a mint the
   * scan has anyway, so a stranger sealing to the npub cannot send the restore to a mint of
   * their choosing (what any envelope can add is what that mint signed: locked-sales.ts).
   */
  private async readLockedSales(row: RestoreScanRow): Promise<void> {
    this.lockedByMint = new Map();
    if (!this.deps.lockedSales) return;
    let sales: LockedSaleFound[];
    try {
      sales = await withinRelaysLimit(
        this.deps.lockedSales(),
        this.relaysLimitMs,
        'The sales taken while locked on the relays',
      );
      delete row.lockedSalesError;
    } catch (error) {
      this.leaveIfClosing();
      this.deps.logger.warn('Reading the sales taken while locked from the relays failed', error);
      row.lockedSalesError = LOCKED_SALES_UNREAD_MESSAGE;
      await this.save(row);
      return;
    }
    for (const sale of sales) {
      if (sale.certified) addMintToScan(row.mints, sale.mintUrl, 'locked-sale');
      const key = mintUrlKey(sale.mintUrl);
      this.lockedByMint.set(key, [...(this.lockedByMint.get(key) ?? []), sale]);
    }
    await this.save(row);
  }

  /**
   * NUT-09 of the locked sales' outputs at this mint, before its phrase walk: a device that swaps
   * them into NUT-13 outputs meanwhile leaves this device both (the spent ones until its next
   * proof-state check) rather than neither. Once per scan (`lockedDone`, stored with the proofs).
   */
  private async restoreLockedAt(row: RestoreScanRow, index: number, wallet: Wallet): Promise<void> {
    const mint = row.mints[index]!;
    const sales = this.lockedByMint.get(mintUrlKey(mint.mintUrl)) ?? [];
    if (mint.lockedDone || sales.length === 0) return;
    const proofs = await restoreLockedSales(wallet, sales, this.deps.logger, async (unit) => {
      return (await this.deps.wallets.getSeededWallet(mint.mintUrl, unit)).wallet;
    });
    const added = await this.serially(async () => {
      const found = await this.deps.ledger.recordLocked({ mintUrl: mint.mintUrl, proofs });
      addLockedFound(mint, found);
      return found;
    });
    // The event's amount is sats: cents found only refresh the balances.
    if (added.sats > 0 || Object.keys(added.inUnits).length > 0) {
      this.deps.events.emitUpdated({ reason: 'restore', amount: added.sats });
    }
    this.publishFor(row, index, 0);
    await this.checkpoint('restore:locked-recorded');
  }

  /** The mints not done yet, RESTORE_PARALLEL_MINTS at a time. */
  private async scanPending(row: RestoreScanRow): Promise<void> {
    const queue = row.mints.flatMap((mint, i) =>
      mint.status === 'done' || mint.status === 'failed' ? [] : [i],
    );
    const scanQueued = async () => {
      for (let i = queue.shift(); i !== undefined && !this.cancelRequested; i = queue.shift()) {
        await this.scanMint(row, i);
      }
    };
    const lanes = Math.min(RESTORE_PARALLEL_MINTS, queue.length);
    const ended = await Promise.allSettled(Array.from({ length: lanes }, scanQueued));
    for (const lane of ended) if (lane.status === 'rejected') throw lane.reason;
  }

  private serially<T>(write: () => Promise<T>): Promise<T> {
    const done = this.writes.then(write);
    this.writes = done.catch(() => undefined);
    return done;
  }

  private save(row: RestoreScanRow): Promise<void> {
    return this.serially(() => this.deps.ledger.save(row));
  }

  private async saveRow(row: RestoreScanRow): Promise<true> {
    await this.save(row);
    return true;
  }

  private async scanMint(row: RestoreScanRow, index: number): Promise<void> {
    const mint = row.mints[index]!;
    const { mintUrl } = mint;
    mint.status = 'scanning';
    this.publishFor(row, index, 0);
    let wallet: Wallet;
    let seed: Uint8Array;
    try {
      // Fresh keysets: a rotation since the cached wallet was loaded must be scanned too.
      this.deps.wallets.invalidate(mintUrl);
      ({ wallet, seed } = await this.deps.wallets.getSeededWallet(mintUrl));
    } catch (error) {
      return this.fail(row, mint, restoreWords.unreachable(toMintError(error).message), error);
    }
    if (!supportsRestore(wallet)) return this.fail(row, mint, restoreWords.noRestoreSupport());
    try {
      await this.restoreLockedAt(row, index, wallet);
    } catch (error) {
      return this.fail(row, mint, restoreWords.unreachable(toMintError(error).message), error);
    }
    if (mint.keysets.length === 0) {
      // Every unit's keysets: the phrase's dollars are on the usd ones (docs/protocol.md "Restore").
      const listed = keysetUnits(wallet);
      const { perKeyset, global } = await this.deps.ledger.counters();
      // Everything this device issued on a keyset lies below its counter; a keyset it never used
      // would have started at the global counter, so at least that far is walked.
      mint.keysets = listed.map(({ id, unit }) => ({
        id,
        ...(unit === SAT ? {} : { unit }),
        next: 0,
        emptyRun: 0,
        highest: null,
        minEnd: perKeyset[id] ?? global,
        done: false,
        foundSats: 0,
      }));
      const known = new Set(listed.map((keyset) => keyset.id));
      const gone = (await this.deps.ledger.storedKeysetIds(mintUrl)).filter((id) => !known.has(id));
      if (gone.length > 0) {
        const words = restoreWords.keysetsGone(gone);
        mint.error = words.message;
        mint.errorTexts = [words.text];
      }
      await this.save(row);
    }
    for (let k = 0; k < mint.keysets.length; k++) {
      if (mint.keysets[k]!.done) continue;
      this.publishFor(row, index, k + 1);
      let trusted: boolean;
      try {
        trusted = await this.walk(row, index, k, wallet, seed);
      } catch (error) {
        return this.fail(row, mint, restoreWords.unreachable(toMintError(error).message), error);
      }
      if (!trusted) return this.fail(row, mint, restoreWords.signsAnything());
      if (this.cancelRequested) return;
    }
    mint.status = 'done';
    await this.save(row);
  }

  /**
   * Walks one keyset in batches until the stop rule or the counter limit holds (or Cancel).
   * False, with nothing of that batch stored, when the mint signed the decoy output.
   */
  private async walk(
    row: RestoreScanRow,
    index: number,
    k: number,
    wallet: Wallet,
    seed: Uint8Array,
  ): Promise<boolean> {
    const mint = row.mints[index]!;
    let ks = mint.keysets[k]!;
    const keyset = await wallet.keyChain.ensureKeysetKeys(ks.id);
    const derive = this.deps.deriveOutputs ?? deriveInThisThread;
    // The next batch is derived while this one is asked and stored, unless this one may end the
    // walk: off the main thread the two overlap, and a wasted batch is rare.
    let ahead: { start: number; outputs: Promise<OutputData[]> } | null = null;
    while (!ks.done && !this.cancelRequested) {
      if (ks.next >= this.counterLimit) {
        mint.keysets[k] = ks = { ...ks, done: true, stoppedAtLimit: true };
        await this.save(row);
        break;
      }
      const outputs =
        ahead?.start === ks.next ? ahead.outputs : derive(seed, keyset, ks.next, this.batchSize);
      const following = ks.next + this.batchSize;
      const mayEnd = ks.emptyRun + 1 >= this.emptyBatches && following >= ks.minEnd;
      ahead =
        mayEnd || following >= this.counterLimit
          ? null
          : { start: following, outputs: derive(seed, keyset, following, this.batchSize) };
      // A derivation that fails is asked again by the next walk; none is left unawaited.
      ahead?.outputs.catch(() => {});
      const batch = await restoreCheckedBatch(wallet, ks.id, ks.next, await outputs);
      if (batch.signsAnything) return false;
      const { proofs, lastCounterWithSignature } = batch;
      let unspent = proofs;
      if (proofs.length > 0) {
        const states = await wallet.checkProofsStates(proofs);
        unspent = proofs.filter((_, i) => states[i]?.state === CheckStateEnum.UNSPENT);
      }
      // A refused signature still means the counter was used: it moves the counter like any other.
      const found = lastCounterWithSignature !== undefined;
      const next: KeysetScan = {
        ...ks,
        ...(batch.refused > 0 ? { refused: (ks.refused ?? 0) + batch.refused } : {}),
        next: ks.next + this.batchSize,
        emptyRun: found ? 0 : ks.emptyRun + 1,
        highest: found ? lastCounterWithSignature : ks.highest,
      };
      if (found && next.firstFound === undefined) next.firstFound = ks.next;
      // widen's rule applied as the walk goes, with what the other keysets (another mint's,
      // walked at the same time) found so far: walking on now costs no second pass.
      const bound = startBound(row, ks.id);
      if (next.next <= bound) {
        next.minEnd = Math.max(next.minEnd, bound + 1);
        next.emptyRun = 0;
      }
      next.done = next.emptyRun >= this.emptyBatches && next.next >= next.minEnd;
      // A walk that found signatures ends with its counter past them plus the margin, so this
      // device's next outputs lie beyond what another device on the phrase is about to use. The
      // margin moves this keyset only: other keysets do not walk further because of it.
      const margin =
        next.done && next.highest !== null ? next.highest + 1 + this.counterMargin : undefined;
      const unit = ks.unit ?? SAT;
      const added = await this.serially(async () => {
        const amount = await this.deps.ledger.recordBatch({
          mintUrl: mint.mintUrl,
          keyset: next,
          proofs: unspent.map((proof) => inUnit(toNewProof(proof), unit)),
          ...(found ? { counterAtLeast: lastCounterWithSignature + 1 } : {}),
          ...(margin === undefined ? {} : { skipCounterTo: margin }),
        });
        next.foundSats += amount;
        addFound(mint, unit, amount);
        mint.keysets[k] = next;
        return amount;
      });
      ks = next;
      // The event's amount is sats: cents found only refresh the balances.
      if (added > 0) {
        this.deps.events.emitUpdated({ reason: 'restore', amount: unit === SAT ? added : 0 });
      }
      this.publishFor(row, index, k + 1);
      await this.checkpoint('restore:batch-recorded');
    }
    return true;
  }

  private async fail(
    row: RestoreScanRow,
    mint: MintScan,
    { message, text }: ErrorWords,
    cause?: unknown,
  ): Promise<void> {
    this.leaveIfClosing();
    this.deps.logger.warn(`Restore of ${mint.mintUrl}: ${message}`, cause);
    mint.status = 'failed';
    mint.error = mint.error ? `${message} ${mint.error}` : message;
    mint.errorTexts = [text, ...(mint.errorTexts ?? [])];
    await this.save(row);
  }

  /** Stops the scan, storing nothing more, when the failure is the page going away. */
  private leaveIfClosing(): void {
    if (this.deps.pageClosing?.()) throw new ScanLeftForNextPage('The page is closing');
  }

  private publishFor(row: RestoreScanRow, index: number, keysetIndex: number): void {
    const mint = row.mints[index]!;
    this.publish({
      mintUrl: mint.mintUrl,
      mintIndex: index + 1,
      mintCount: row.mints.length,
      keysetIndex,
      keysetCount: mint.keysets.length,
      foundSats: row.mints.reduce((sum, m) => sum + m.foundSats, 0),
      refusedSignatures: row.mints.reduce(
        (sum, m) => sum + m.keysets.reduce((s, ks) => s + (ks.refused ?? 0), 0),
        0,
      ),
      mints: row.mints.map(
        ({ mintUrl, status, foundSats, foundInUnits, lockedSats, error, errorTexts, sources }) => ({
          mintUrl,
          status,
          foundSats,
          ...(foundInUnits ? { foundInUnits: { ...foundInUnits } } : {}),
          ...(lockedSats ? { lockedSats } : {}),
          ...(error ? { error } : {}),
          ...(errorTexts ? { errorTexts: [...errorTexts] } : {}),
          ...(sources ? { sources: [...sources] } : {}),
        }),
      ),
      ...(relayErrorsOf(row) ? { discoveryError: relayErrorsOf(row) } : {}),
    });
  }

  private publish(progress: RestoreProgress | null): void {
    this.progress = progress;
    for (const listener of [...this.progressListeners]) {
      try {
        listener(progress);
      } catch (error) {
        this.deps.logger.error('A restore progress listener failed', error);
      }
    }
  }
}
