// Automatic cash-out: when a stored payment brings the current mint's balance to the threshold,
// the whole balance minus fees goes to the merchant's Lightning address (docs/behaviour.md,
// "Automatic cash-out"). One run at a time; a failure is retried with backoff.
import { ValidationError, errorMessage } from '../../errors';
import type { Logger } from '../../logger';
import type { ConfigStore, ProofStore, WithdrawalStore } from '../../ports';
import { AvailableProofs } from '../available-proofs';
import type { CashOutQuote, CashOutResult, CashOutService } from './cash-out-service';
import { fetchPayParams, parseDestination, requestInvoice, type Fetch } from './lnurl';
import { amountOutOfRange } from './texts';

export interface AutoCashOutSettings {
  enabled: boolean;
  /** a Lightning address (or LNURL) */
  address: string;
  /** sats; a balance at or above it is cashed out */
  threshold: number;
}

export type AutoCashOutOutcome =
  { ok: true; result: CashOutResult } | { ok: false; error: string; retryInMs: number };

export interface AutoCashOutDeps {
  settings: { get(): Promise<AutoCashOutSettings> };
  config: Pick<ConfigStore, 'getMintUrl'>;
  /** the threshold counts only available sats (decision 0015), as cash-out spends only those */
  proofs: Pick<ProofStore, 'listUnspent' | 'balance'>;
  withdrawals: Pick<WithdrawalStore, 'list'>;
  cashOut: Pick<CashOutService, 'prepare' | 'pay' | 'listPending'>;
  fetch: Fetch;
  logger: Logger;
  onOutcome(outcome: AutoCashOutOutcome): void;
  retryBaseMs?: number;
  retryMaxMs?: number;
}

/** Tries at most this many invoice amounts before giving up for this run (fees are re-quoted). */
const MAX_TRIES = 4;

export class AutoCashOut {
  private running: Promise<void> | null = null;
  private again = false;
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private readonly available: AvailableProofs;

  constructor(private readonly deps: AutoCashOutDeps) {
    this.available = new AvailableProofs(deps);
  }

  /**
   * After a stored payment (and on retries): cash out if enabled and at the threshold. Never more
   * than one run in flight; a call during a run makes one more run after it. Never rejects.
   */
  check(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.runOnce();
      } while (this.again && !this.stopped);
      this.running = null;
    })();
    return this.running;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private async runOnce(): Promise<void> {
    let settings: AutoCashOutSettings;
    try {
      settings = await this.deps.settings.get();
      if (!settings.enabled || !settings.address || settings.threshold <= 0) return;
      // A cash-out still in flight decides first: never a second one beside it.
      if ((await this.deps.cashOut.listPending()).length > 0) return;
      const mintUrl = await this.deps.config.getMintUrl();
      // Sats in a pending withdrawal token are the customer's to redeem, not to cash out.
      const balance = (await this.available.sats(mintUrl)).available;
      if (balance < settings.threshold) return;
      const plan = await this.quoteAll(settings.address, balance);
      const result = await this.deps.cashOut.pay(plan, { auto: true });
      this.failures = 0;
      this.deps.onOutcome({ ok: true, result });
    } catch (error) {
      const retryInMs = this.scheduleRetry();
      this.deps.logger.warn('Automatic cash-out failed; will retry', error);
      this.deps.onOutcome({ ok: false, error: errorMessage(error), retryInMs });
    }
  }

  /** An invoice for the largest amount whose total (with fees) fits the balance. */
  private async quoteAll(address: string, balance: number): Promise<CashOutQuote> {
    const destination = parseDestination(address);
    if (destination.kind !== 'lnurl') throw new ValidationError(amountOutOfRange(1, balance));
    const params = await fetchPayParams(destination, this.deps.fetch);
    // First guess: the dev and most real mints reserve about 1% (at least 1 sat) for routing.
    let amount = Math.min(params.maxSat, balance - Math.max(1, Math.ceil(balance / 100)) - 1);
    let lastError: unknown;
    for (let i = 0; i < MAX_TRIES; i++) {
      if (amount < params.minSat)
        throw new ValidationError(amountOutOfRange(params.minSat, params.maxSat));
      const invoice = await requestInvoice(params, amount, '', this.deps.fetch);
      try {
        const plan = await this.deps.cashOut.prepare(invoice, params.label);
        if (plan.total <= balance) return plan;
        amount -= plan.total - balance;
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        lastError = error;
        amount -= Math.max(1, Math.ceil(amount / 100));
      }
    }
    throw lastError ?? new ValidationError(amountOutOfRange(params.minSat, params.maxSat));
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
