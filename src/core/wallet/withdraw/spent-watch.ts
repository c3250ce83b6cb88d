// Watching withdrawal tokens until the mint reports their proofs spent, then settling them.
import type { WalletEvents } from '../../events';
import type { Logger } from '../../logger';
import type { Ledger } from '../ledger-ports';
import type { PendingWithdrawal, WithdrawalStore } from './ports';
import { MintWatch } from '../mint/mint-watch';
import { proofY, type ProofStateClient, type ProofStateEntry } from './spent-watch-client';

export interface SpentWatchIntervals {
  /** poll period while no socket is live */
  pollMs: number;
  /** safety poll while the socket is live (a socket can die silently) */
  safetyPollMs: number;
  /** wait before trying the socket again after it failed or dropped */
  resubscribeMs: number;
  /** socket updates arriving within this window are settled together (one event) */
  batchMs: number;
}

export const DEFAULT_SPENT_WATCH_INTERVALS: SpentWatchIntervals = {
  pollMs: 5_000,
  safetyPollMs: 30_000,
  resubscribeMs: 10_000,
  batchMs: 150,
};

export interface SpentWatcherDeps {
  withdrawals: WithdrawalStore;
  ledger: Pick<Ledger, 'settleWithdrawal'>;
  events: WalletEvents;
  logger: Logger;
  /** the proof-state client of a mint URL (shared socket per mint) */
  clientFor(mintUrl: string): ProofStateClient;
  intervals?: Partial<SpentWatchIntervals>;
}

/**
 * One watch per pending withdrawal. Spends are settled through Ledger.settleWithdrawal, which
 * deletes only proofs still stored and records one event for them, so a spend seen twice (socket
 * and poll, two tabs) is counted once. Proofs that are inputs of a journaled consolidation swap
 * are never settled here: their spend is our own swap, finished by the consolidator.
 */
export class SpentWatcher {
  private readonly intervals: SpentWatchIntervals;
  private readonly watches = new Map<string, Watch>();

  constructor(private readonly deps: SpentWatcherDeps) {
    this.intervals = { ...DEFAULT_SPENT_WATCH_INTERVALS, ...deps.intervals };
  }

  /** Starts watching (idempotent); resolves once the mint has been asked one time. */
  async watch(withdrawal: PendingWithdrawal): Promise<void> {
    if (withdrawal.consolidation || withdrawal.secrets.length === 0) return;
    let watch = this.watches.get(withdrawal.id);
    if (!watch || watch.done) {
      watch = new Watch(withdrawal, this.deps, this.intervals, () => {
        if (this.watches.get(withdrawal.id) === watch) this.watches.delete(withdrawal.id);
      });
      this.watches.set(withdrawal.id, watch);
      watch.start();
    }
    await watch.checkNow();
  }

  /** Start-up: every persisted withdrawal is watched and checked now (spends while closed). */
  async resumeAll(): Promise<void> {
    const rows = await this.deps.withdrawals.list();
    await Promise.all(
      rows.map(async (row) => {
        try {
          await this.watch(row);
        } catch (error) {
          this.deps.logger.error(`Resuming withdrawal watch ${row.id} failed`, error);
        }
      }),
    );
  }

  /** Stops watching one withdrawal (its token was cancelled: no spend of it is ours to settle). */
  unwatch(id: string): void {
    this.watches.get(id)?.finish();
  }

  /** Ids of the withdrawals watched right now. */
  watching(): string[] {
    return [...this.watches.keys()];
  }

  /** Resolves when no settlement is running (tests, orderly shutdown). */
  async idle(): Promise<void> {
    await Promise.all([...this.watches.values()].map((w) => w.idle()));
  }

  stop(): void {
    for (const watch of this.watches.values()) watch.finish();
    this.watches.clear();
  }
}

/** One withdrawal's watch: its open proofs and their settling; the loop is the shared MintWatch. */
class Watch {
  /** Y -> secret of the proofs not yet settled */
  private readonly open = new Map<string, string>();
  private readonly loop: MintWatch;
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  /** secrets reported spent, not yet settled */
  private readonly spent = new Set<string>();
  private settling: Promise<void> = Promise.resolve();

  constructor(
    private readonly withdrawal: PendingWithdrawal,
    private readonly deps: SpentWatcherDeps,
    private readonly intervals: SpentWatchIntervals,
    onFinished: () => void,
  ) {
    for (const secret of withdrawal.secrets) this.open.set(proofY(secret), secret);
    const client = deps.clientFor(withdrawal.mintUrl);
    const subscribe = client.subscribe?.bind(client);
    this.loop = new MintWatch({
      name: `spent watch ${withdrawal.id}`,
      logger: deps.logger,
      resubscribeMs: intervals.resubscribeMs,
      pollDelay: (socketLive) => (socketLive ? intervals.safetyPollMs : intervals.pollMs),
      // A failed round leaves the token in the balance; the next tick asks again.
      check: async () => this.handle(await client.check([...this.open.keys()])),
      subscribe:
        subscribe &&
        ((onClosed) =>
          subscribe([...this.open.keys()], (entry) => void this.handle([entry], true), onClosed)),
      finished: () => {
        if (this.flushTimer) clearTimeout(this.flushTimer);
        onFinished();
      },
    });
  }

  get done(): boolean {
    return this.loop.done;
  }

  start(): void {
    this.loop.schedulePoll();
    void this.loop.subscribe();
  }

  finish(): void {
    this.loop.finish();
  }

  idle(): Promise<void> {
    return this.settling;
  }

  /** One checkstate round at a time; resolves when its spends are settled. */
  checkNow(): Promise<void> {
    return this.loop.check();
  }

  /**
   * Socket updates arrive one proof at a time, and on a busy link or device further apart than
   * any window: after `batchMs` the mint is asked about every open proof, and its answer (one
   * redemption spends them all at once) is settled as one withdrawal event. A checkstate answer
   * is settled at once; pushed spends are settled anyway when the mint cannot be asked.
   */
  private handle(entries: ProofStateEntry[], gather = false): Promise<void> {
    for (const entry of entries) {
      const secret = this.open.get(entry.Y);
      if (secret !== undefined && entry.state === 'SPENT') this.spent.add(secret);
    }
    if (this.spent.size === 0) return this.settling;
    if (gather) {
      this.flushTimer ??= setTimeout(() => {
        this.flushTimer = undefined;
        void this.loop.check().finally(() => this.flush());
      }, this.intervals.batchMs);
      return this.settling;
    }
    return this.flush();
  }

  /** Settlements run one after another, so a socket push and a poll never interleave. */
  private flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.settling = this.settling.then(() => {
      const secrets = [...this.spent];
      this.spent.clear();
      return secrets.length > 0 ? this.settle(secrets) : undefined;
    });
    return this.settling;
  }

  private async settle(secrets: string[]): Promise<void> {
    if (this.loop.done) return;
    try {
      const swapping = await this.swapInputs();
      const ours = secrets.filter((s) => !swapping.has(s));
      if (ours.length === 0) return;
      const result = await this.deps.ledger.settleWithdrawal({
        withdrawalId: this.withdrawal.id,
        spentSecrets: ours,
      });
      for (const secret of ours) this.open.delete(proofY(secret));
      if (result.amount > 0) {
        this.deps.events.emitUpdated({ reason: 'withdrawal', amount: result.amount });
      }
      if (result.remaining === 0 || this.open.size === 0) this.finish();
    } catch (error) {
      this.deps.logger.error(`Settling withdrawal ${this.withdrawal.id} failed`, error);
    }
  }

  /** Secrets being swapped by a journaled consolidation right now. */
  private async swapInputs(): Promise<Set<string>> {
    const rows = await this.deps.withdrawals.list();
    return new Set(rows.flatMap((row) => row.consolidation?.inputSecrets ?? []));
  }
}
