// Automatic cash-out: when a stored payment brings the current mint's balance in sats, or in a
// fiat unit with its own threshold, to the threshold, the whole balance of that unit minus fees
// goes to the merchant's Lightning address, its change after it (docs/behaviour.md, "Automatic
// cash-out"; docs/decisions/0090-automatic-cash-out-per-unit.md). Fees above the merchant's limit
// are never paid. One run at a time, across the app's tabs too; a failure is retried with backoff.
import { defaultQuoteLock, type QuoteLock } from '../../cross-tab-lock';
import { ValidationError, errorMessage } from '../../errors';
import type { Logger } from '../../logger';
import type { ConfigStore } from '../../settings/ports';
import type { ProofStore } from '../proof-ports';
import type { ProofStateStore } from '../proof-states/ports';
import type { WithdrawalStore } from '../withdraw/ports';
import { serialRuns } from '../../serial-runs';
import { AvailableProofs } from '../available-proofs';
import { payCashOutAll, prepareCashOutAll } from './cash-out-all';
import type { CashOutResult, CashOutService } from './cash-out-service';
import type { FeeLimit } from './fee-limit';
import { fetchPayParams, parseDestination, type Fetch, type PayParams } from './lnurl';
import { AUTO_NEEDS_LNURL } from './texts.json';
import { SAT, isFiatUnit, type FiatUnit, type Unit } from '../../units/unit';

/** Each unit automatic cash-out watches with its threshold: sats first, then the fiat units. */
export function autoCashOutTargets(settings: AutoCashOutSettings): [Unit, number][] {
  const targets: [Unit, number][] = settings.threshold > 0 ? [[SAT, settings.threshold]] : [];
  for (const [unit, threshold] of Object.entries(settings.unitThresholds ?? {})) {
    if (isFiatUnit(unit) && typeof threshold === 'number' && threshold > 0) {
      targets.push([unit, threshold]);
    }
  }
  return targets;
}

export interface AutoCashOutSettings {
  enabled: boolean;
  /** a Lightning address (or LNURL) */
  address: string;
  /** sats; a balance at or above it is cashed out; 0: sats stay (a unit threshold is set) */
  threshold: number;
  /**
   * Per fiat unit, in its minor units (cents): a balance of the unit at or above it is cashed
   * out from that unit's proofs only. A unit without one is never cashed out automatically.
   */
  unitThresholds?: Partial<Record<FiatUnit, number>>;
  /**
   * The most any cash-out may cost in fees before the merchant is asked again (automatic ones are
   * never paid above it); 1 % + 10 sats when absent.
   */
  feeLimit?: FeeLimit;
}

export type AutoCashOutOutcome =
  | { ok: true; result: CashOutResult }
  /** `error` is the English message; `cause` what was thrown, for a screen to say in its language */
  | { ok: false; error: string; cause: unknown; retryInMs: number };

export interface AutoCashOutDeps {
  settings: { get(): Promise<AutoCashOutSettings> };
  config: Pick<ConfigStore, 'getMintUrl'>;
  /** the threshold counts only available sats (decision 0015), as cash-out spends only those */
  proofs: Pick<ProofStore, 'listUnspent' | 'balance'>;
  withdrawals: Pick<WithdrawalStore, 'list'>;
  /** sats the mint holds pending for someone else do not count either */
  proofStates?: Pick<ProofStateStore, 'pendingSats'>;
  cashOut: Pick<CashOutService, 'prepare' | 'pay' | 'listPending' | 'spendable'>;
  fetch: Fetch;
  logger: Logger;
  onOutcome(outcome: AutoCashOutOutcome): void;
  /** Web Locks by default: a tab's run waits for another tab's, then finds the balance it left. */
  lock?: QuoteLock;
  retryBaseMs?: number;
  retryMaxMs?: number;
}

/** The Web Lock a tab's run holds. */
const AUTO_CASH_OUT_LOCK = 'cashew-auto-cash-out';

export class AutoCashOut {
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private readonly available: AvailableProofs;
  private readonly lock: QuoteLock;

  constructor(private readonly deps: AutoCashOutDeps) {
    this.available = new AvailableProofs(deps);
    this.lock = deps.lock ?? defaultQuoteLock();
  }

  /**
   * After a stored payment (and on retries): cash out if enabled and at the threshold. Never more
   * than one run in flight; a call during a run makes one more run after it. Never rejects.
   */
  readonly check: () => Promise<void> = serialRuns(
    // Two tabs open at start both check: without the lock the second planned with the proofs the
    // first was paying out and reported a failure (docs/behaviour.md "Automatic cash-out").
    () => this.lock(AUTO_CASH_OUT_LOCK, () => this.runOnce()),
    () => this.stopped,
  );

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private async runOnce(): Promise<void> {
    const failures: unknown[] = [];
    try {
      const settings = await this.deps.settings.get();
      const targets = autoCashOutTargets(settings);
      if (!settings.enabled || !settings.address || targets.length === 0) return;
      for (const [unit, threshold] of targets) {
        // A cash-out still in flight decides first: never a second one beside it.
        if ((await this.deps.cashOut.listPending()).length > 0) break;
        try {
          const result = await this.cashOutUnit(settings.address, unit, threshold);
          if (result) this.deps.onOutcome({ ok: true, result });
        } catch (error) {
          // One unit failing (fees above the limit, say) does not keep the others from going.
          failures.push(error);
        }
      }
    } catch (error) {
      failures.push(error);
    }
    if (failures.length === 0) {
      this.failures = 0;
      return;
    }
    const retryInMs = this.scheduleRetry();
    for (const error of failures) {
      this.deps.logger.warn('Automatic cash-out failed; will retry', error);
      this.deps.onOutcome({ ok: false, error: errorMessage(error), cause: error, retryInMs });
    }
  }

  /**
   * The balance of `unit` cashed out when it is at the threshold, in sats or in the unit's minor
   * units; undefined when it is below.
   */
  private async cashOutUnit(
    address: string,
    unit: Unit,
    threshold: number,
  ): Promise<CashOutResult | undefined> {
    const mintUrl = await this.deps.config.getMintUrl();
    // Ecash in a pending withdrawal token is the customer's to redeem, not to cash out.
    const balance =
      unit === SAT
        ? (await this.available.sats(mintUrl)).available
        : (await this.available.inUnit(mintUrl, unit)).available;
    if (balance < threshold) return undefined;
    // The mint is asked first (spendable() checks the proof states): proofs another device spent
    // do not count towards the threshold.
    const spendable = await (unit === SAT
      ? this.deps.cashOut.spendable()
      : this.deps.cashOut.spendable(unit));
    if (spendable.available < threshold) return undefined;
    const params = await this.payParams(address);
    const plan = await prepareCashOutAll(params, this.deps, '', Infinity, { unit });
    // pay() refuses fees above the merchant's limit for an automatic cash-out. The change the
    // payment brings back is cashed out too (payCashOutAll), in the same unit.
    return payCashOutAll(plan, params, this.deps, '', { auto: true });
  }

  /** The address's pay parameters (limits, callback). */
  private async payParams(address: string): Promise<PayParams> {
    const destination = parseDestination(address);
    if (destination.kind !== 'lnurl') throw new ValidationError(AUTO_NEEDS_LNURL);
    return fetchPayParams(destination, this.deps.fetch);
  }

  private scheduleRetry(): number {
    const base = this.deps.retryBaseMs ?? 30_000;
    const max = this.deps.retryMaxMs ?? 30 * 60_000;
    const delay = Math.min(base * 2 ** this.failures, max);
    this.failures++;
    if (this.timer) clearTimeout(this.timer);
    if (!this.stopped) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        void this.check();
      }, delay);
    }
    return delay;
  }
}
