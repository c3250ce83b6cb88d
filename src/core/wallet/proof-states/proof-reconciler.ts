// The wallet's proofs held up against the mint (NUT-07): proofs spent elsewhere leave the balance
// with one history row, proofs the mint holds PENDING are set apart and asked about again
// (docs/protocol.md "Proof states", docs/decisions/0049-proof-states-reconciled.md).
import { BackoffTimers } from '../../backoff-timers';
import { errorMessage } from '../../errors';
import type { WalletEvents } from '../../events';
import type { Logger } from '../../logger';
import type { Clock } from '../../clock';
import type { ProofStore, StoredProof } from '../proof-ports';
import type { WithdrawalStore } from '../withdraw/ports';
import type { ProofStateStore } from './ports';
import { NutCode, refusalCode } from '../mint-errors';
import { mintKey } from '../wallet-provider';
import { CHECKSTATE_BATCH, proofY, type ProofStateName } from '../withdraw/spent-watch-client';
import type { ProofStateChecker } from './checkstate';

export interface ProofStateIntervals {
  /** at start-up a mint checked less than this long ago (on any page load) is not asked again */
  startupMs: number;
  /** proofs the mint holds PENDING are asked about again after this, doubling... */
  pendingFirstMs: number;
  /** ...up to this */
  pendingMaxMs: number;
}

export const DEFAULT_PROOF_STATE_INTERVALS: ProofStateIntervals = {
  startupMs: 10 * 60_000,
  pendingFirstMs: 30_000,
  pendingMaxMs: 10 * 60_000,
};

export interface ProofReconcilerDeps {
  proofs: Pick<ProofStore, 'listUnspent' | 'balancesByMint' | 'unitBalances'>;
  /** tokens and swap journals: proofs our own operations are spending are never asked about */
  withdrawals: Pick<WithdrawalStore, 'list'>;
  store: ProofStateStore;
  checkerFor(mintUrl: string): ProofStateChecker;
  events: WalletEvents;
  logger: Logger;
  clock: Clock;
  intervals?: Partial<ProofStateIntervals>;
}

/** What one mint's check found. */
export interface MintCheck {
  mintUrl: string;
  /** proofs asked about */
  checked: number;
  /** removed as spent elsewhere */
  spentSats: number;
  spentProofs: number;
  /** stored proofs the mint holds PENDING, set apart */
  pendingSats: number;
}

/** Every mint's check (Refresh): what each found, and the mints that could not be asked. */
export interface ChecksOutcome {
  checks: MintCheck[];
  failures: Array<{ mintUrl: string; error: string }>;
}

export interface CheckOptions {
  /**
   * A check of this mint finished in this tab less than this long ago is answer enough (the money
   * paths that ask again shortly after a check). 0, the default: always ask.
   */
  maxAgeMs?: number;
}

/** Checkstate requests of one check in flight at once. */
const PARALLEL_REQUESTS = 3;

/**
 * Ys are costly (hash to curve, about half a millisecond each): kept on the proof rows once a
 * check is recorded, and remembered here meanwhile (a check that failed), up to this many.
 */
const Y_CACHE_LIMIT = 200_000;

const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * One check per mint at a time in this tab; two tabs checking at once record once, because the
 * store deletes only what is still stored and records only what it deleted. Never asks about the
 * proofs a pending token, a journaled swap or a melt is spending: those are ours, settled by their
 * own flows (decisions 0015, 0018). Sealed proofs (decision 0030) are not listed while the till
 * is locked, so they are checked once the PIN opens them.
 */
export class ProofReconciler {
  private readonly intervals: ProofStateIntervals;
  private readonly running = new Map<string, Promise<MintCheck>>();
  private readonly last = new Map<string, { at: number; check: MintCheck }>();
  private readonly ys = new Map<string, string>();
  private readonly timers: BackoffTimers;
  private stopped = false;

  constructor(private readonly deps: ProofReconcilerDeps) {
    this.intervals = { ...DEFAULT_PROOF_STATE_INTERVALS, ...deps.intervals };
    this.timers = new BackoffTimers(this.intervals.pendingFirstMs, this.intervals.pendingMaxMs);
  }

  /**
   * Asks the mint about every stored unspent proof of `mintUrl` (each stored spelling of it) that
   * no operation of ours is spending, and records the answer. Rejects when the mint cannot be
   * asked or answers nonsense; nothing is changed then.
   */
  check(mintUrl: string, options: CheckOptions = {}): Promise<MintCheck> {
    const key = mintKey(mintUrl);
    const recent = this.last.get(key);
    const maxAge = options.maxAgeMs ?? 0;
    if (recent && maxAge > 0 && this.deps.clock() - recent.at < maxAge) {
      return Promise.resolve(recent.check);
    }
    // A check already running answers this call too: it lists the proofs as they are now or later.
    const inFlight = this.running.get(key);
    if (inFlight) return inFlight;
    const run = this.run(mintUrl).finally(() => this.running.delete(key));
    this.running.set(key, run);
    return run;
  }

  /** Refresh: every mint holding stored sats, one after another. Never rejects. */
  async checkAll(): Promise<ChecksOutcome> {
    const outcome: ChecksOutcome = { checks: [], failures: [] };
    for (const mintUrl of await this.mintsWithEcash()) {
      try {
        outcome.checks.push(await this.check(mintUrl));
      } catch (error) {
        this.deps.logger.warn(`Checking proof states at ${mintUrl} failed`, error);
        outcome.failures.push({ mintUrl, error: errorMessage(error) });
      }
    }
    return outcome;
  }

  /**
   * Start-up: each mint not checked within `startupMs` (remembered across page loads), and every
   * mint holding proofs marked pending. Never rejects.
   */
  async checkAtStart(): Promise<void> {
    let last: Record<string, number> = {};
    let pending: Record<string, number> = {};
    try {
      [last, pending] = await Promise.all([
        this.deps.store.lastChecks(),
        this.deps.store.pendingSats(),
      ]);
    } catch (error) {
      this.deps.logger.warn('Could not read when proof states were last checked', error);
    }
    const now = this.deps.clock();
    const pendingMints = new Set(
      Object.keys(pending)
        .filter((url) => (pending[url] ?? 0) > 0)
        .map(mintKey),
    );
    for (const mintUrl of await this.mintsWithEcash()) {
      const key = mintKey(mintUrl);
      const at = last[key];
      const due = at === undefined || now - at >= this.intervals.startupMs || now < at;
      if (!due && !pendingMints.has(key)) continue;
      try {
        await this.check(mintUrl);
      } catch (error) {
        this.deps.logger.warn(`Checking proof states at ${mintUrl} at start failed`, error);
      }
    }
  }

  /**
   * After a mint refused our request: when it said "proofs already spent" (NUT 11001), the proofs
   * of that mint are checked. True when the check removed some, so the caller may plan again
   * with what is left; false otherwise (another refusal, nothing removed, or the check failed).
   */
  async afterRefusal(mintUrl: string, error: unknown): Promise<boolean> {
    if (refusalCode(error) !== NutCode.proofsAlreadySpent) return false;
    try {
      const check = await this.check(mintUrl);
      return check.spentProofs > 0;
    } catch (checkError) {
      this.deps.logger.warn(
        `Checking proof states at ${mintUrl} after a refusal failed`,
        checkError,
      );
      return false;
    }
  }

  /** Cancels the rechecks of pending proofs. */
  stop(): void {
    this.stopped = true;
    this.timers.cancelAll();
  }

  /**
   * Mints with stored unspent ecash of any unit, as their URLs are stored: dollars spent on
   * another device leave as sats do (docs/protocol.md "Proof states").
   */
  private async mintsWithEcash(): Promise<string[]> {
    const [sats, units] = await Promise.all([
      this.deps.proofs.balancesByMint(),
      this.deps.proofs.unitBalances(),
    ]);
    return [...new Set([...Object.keys(sats), ...units.map((balance) => balance.mintUrl)])];
  }

  private async run(mintUrl: string): Promise<MintCheck> {
    const key = mintKey(mintUrl);
    const total: MintCheck = { mintUrl, checked: 0, spentSats: 0, spentProofs: 0, pendingSats: 0 };
    // Proofs stored under another spelling of the same mint (a trailing slash) are the same mint's.
    const spellings = new Set([mintUrl]);
    for (const url of await this.mintsWithEcash()) {
      if (mintKey(url) === key) spellings.add(url);
    }
    const ours = await this.ownSecrets();
    for (const url of spellings) {
      // Every unit's proofs: a NUT-07 check is by Y, whatever the keyset's unit; the store
      // records what left per unit and reports sats only.
      const proofs = (await this.deps.proofs.listUnspent(url, 'all')).filter(
        (p) => !ours.has(p.secret),
      );
      if (proofs.length === 0) continue;
      const found = await this.checkProofs(url, proofs);
      total.checked += found.checked;
      total.spentSats += found.spentSats;
      total.spentProofs += found.spentProofs;
      total.pendingSats += found.pendingSats;
    }
    this.last.set(key, { at: this.deps.clock(), check: total });
    if (total.pendingSats > 0) this.recheckLater(mintUrl);
    else this.timers.cancel(key, true);
    return total;
  }

  private async checkProofs(mintUrl: string, proofs: StoredProof[]): Promise<MintCheck> {
    const bySecret = new Map<string, string>();
    // Ys worked out now for proofs stored without one: kept with the answer, never again.
    const learned: Record<string, string> = {};
    const states = await this.askInBatches(mintUrl, proofs, bySecret, learned);
    const answer = {
      mintUrl,
      spent: [] as string[],
      pending: [] as string[],
      unspent: [] as string[],
      ys: learned,
    };
    const marked = new Set(proofs.filter((p) => p.mintPending !== undefined).map((p) => p.secret));
    for (const [Y, secret] of bySecret) {
      const state = states.get(Y);
      if (state === 'SPENT') answer.spent.push(secret);
      else if (state === 'PENDING') answer.pending.push(secret);
      // Only a mark to clear needs the row: the rest stay as they are, unread.
      else if (marked.has(secret)) answer.unspent.push(secret);
    }
    const recorded = await this.deps.store.record(answer);
    if (recorded.changed) {
      this.deps.events.emitUpdated({ reason: 'proof-states', amount: recorded.amount });
    }
    if (recorded.amount > 0) {
      this.deps.logger.info(
        `${recorded.numProofs} proofs (${recorded.amount} sats) at ${mintUrl} were spent elsewhere`,
      );
    }
    return {
      mintUrl,
      checked: proofs.length,
      spentSats: recorded.amount,
      spentProofs: recorded.numProofs,
      pendingSats: recorded.pendingSats,
    };
  }

  /**
   * One checkstate request per CHECKSTATE_BATCH proofs, up to PARALLEL_REQUESTS in flight: the Ys
   * of the next batch (the costly part) are worked out while the mint answers the last ones. Any
   * request failing fails the whole check, and no request is sent after it.
   */
  private async askInBatches(
    mintUrl: string,
    proofs: StoredProof[],
    bySecret: Map<string, string>,
    learned: Record<string, string>,
  ): Promise<Map<string, ProofStateName>> {
    const checker = this.deps.checkerFor(mintUrl);
    const states = new Map<string, ProofStateName>();
    const inFlight: Array<Promise<void>> = [];
    let failure: { error: unknown } | undefined;
    for (let i = 0; i < proofs.length && !failure; i += CHECKSTATE_BATCH) {
      const Ys = proofs.slice(i, i + CHECKSTATE_BATCH).map((proof) => {
        const Y = proof.Y ?? this.yOf(proof.secret);
        if (proof.Y === undefined) learned[proof.secret] = Y;
        bySecret.set(Y, proof.secret);
        return Y;
      });
      const request = checker.check(Ys).then(
        (answer) => {
          for (const [Y, state] of answer) states.set(Y, state);
        },
        (error: unknown) => {
          failure ??= { error };
        },
      );
      inFlight.push(request);
      // A hundred Ys cost about 50 ms: the screen keeps answering in between.
      if (inFlight.length >= PARALLEL_REQUESTS) await inFlight[inFlight.length - PARALLEL_REQUESTS];
      else await pause();
    }
    await Promise.all(inFlight);
    if (failure) throw failure.error;
    return states;
  }

  /** Secrets a pending withdrawal token holds or a journaled swap is spending. */
  private async ownSecrets(): Promise<Set<string>> {
    const rows = await this.deps.withdrawals.list();
    return new Set(
      rows.flatMap((row) => [...row.secrets, ...(row.consolidation?.inputSecrets ?? [])]),
    );
  }

  private yOf(secret: string): string {
    let Y = this.ys.get(secret);
    if (Y === undefined) {
      if (this.ys.size >= Y_CACHE_LIMIT) this.ys.clear();
      Y = proofY(secret);
      this.ys.set(secret, Y);
    }
    return Y;
  }

  private recheckLater(mintUrl: string): void {
    if (this.stopped) return;
    this.timers.schedule(mintKey(mintUrl), () => {
      this.check(mintUrl).catch((error: unknown) => {
        this.deps.logger.warn(`Checking pending proofs at ${mintUrl} again failed`, error);
        this.recheckLater(mintUrl);
      });
    });
  }
}
