// Cash-out: paying a Lightning invoice from the balance with a NUT-05 melt and NUT-08 change, with a
// journal so a melt whose answer is lost or PENDING is checked again, never sent twice
// (docs/architecture.md, "Cash-out"; docs/protocol.md, "Cash-out").
import {
  Amount,
  CheckStateEnum,
  OutputData,
  type MeltQuoteBolt11Response,
  type Proof,
  type Wallet,
} from '@cashu/cashu-ts';
import { noCheckpoint, type Checkpoint } from '../../checkpoint';
import { ValidationError, type ErrorWords } from '../../errors';
import type { WalletEvents } from '../../events';
import type { Logger } from '../../logger';
import type { Clock } from '../../clock';
import type { ConfigStore } from '../../settings/ports';
import type { CounterReservation } from '../mint/ports';
import type { NewProof, ProofStore, StoredProof } from '../proof-ports';
import type { ProofStateStore } from '../proof-states/ports';
import type { WithdrawalStore } from '../withdraw/ports';
import type { MeltLedger, MeltStore, PendingMelt } from './ports';
import type { CounterSource } from '@cashu/cashu-ts';
import type { ProofReconciler } from '../proof-states/proof-reconciler';
import { AvailableProofs, type ProofsByUse } from '../available-proofs';
import { firstUnusedCounter, restoreReservation } from '../mint/deterministic-mint';
import { isDefiniteRefusal, NutCode, refusalCode, toMintError } from '../mint-errors';
import { inUnit, sumSats, toNewProof } from '../proof-convert';
import { SAT, storedUnit, type Unit } from '../../units/unit';
import { amountOf } from '../../units/amount';
import { BackoffTimers } from '../../backoff-timers';
import { defaultQuoteLock, type QuoteLock } from '../../cross-tab-lock';
import { mintKey, type WalletProvider } from '../wallet-provider';
import { toCashuProof } from '../withdraw/withdraw-token';
import { checkChange } from './change-check';
import { cleanFeeLimit, feeAboveLimit, feeLimitSats, type FeeLimit } from './fee-limit';
import { unitFeeLimit } from './unit-rate';
import { checkInvoice } from './invoice';
import {
  FEES_CHANGED,
  MELT_QUOTE_NONSENSE,
  INVOICE_ALREADY_PAID,
  INVOICE_BEING_PAID,
  BALANCE_CHANGED,
  NOTHING_TO_CASH_OUT,
} from './texts.json';
import {
  feeAboveLimitText,
  meltQuoteWrongAmount,
  heldByPendingToken,
  notEnoughBalance,
  notEnoughInUnit,
  unitFeeAboveLimit,
} from './texts';

export interface CashOutIntervals {
  /** first wait before checking a PENDING or unanswered melt again; doubles each time */
  checkMs: number;
  checkMaxMs: number;
}

export const DEFAULT_CASH_OUT_INTERVALS: CashOutIntervals = { checkMs: 3_000, checkMaxMs: 60_000 };

export interface CashOutServiceDeps {
  config: Pick<ConfigStore, 'getMintUrl'>;
  proofs: Pick<ProofStore, 'listUnspent' | 'balance'>;
  /** the pending withdrawal tokens, whose proofs are never melted (decision 0015) */
  withdrawals: Pick<WithdrawalStore, 'list'>;
  melts: MeltStore;
  ledger: MeltLedger;
  counters: CounterSource;
  wallets: Pick<WalletProvider, 'getSeededWallet'>;
  events: WalletEvents;
  logger: Logger;
  clock: Clock;
  intervals?: Partial<CashOutIntervals>;
  /** cross-tab exclusion per mint; defaults to Web Locks when present, else in-process */
  lock?: QuoteLock;
  /** test seam between the steps of a melt (see core/checkpoint.ts) */
  checkpoint?: Checkpoint;
  /** the merchant's fee limit (Settings); 1 % + 10 sats when omitted or unreadable */
  feeLimit?: { get(): Promise<Partial<FeeLimit> | undefined> };
  /**
   * Asks the mint which proofs are still unspent before quoting and paying, and after an "already
   * spent" refusal (docs/protocol.md "Proof states"); omitted: the stored proofs are used as they are.
   */
  reconciler?: Pick<ProofReconciler, 'check' | 'afterRefusal'>;
  /** sats the mint holds pending for someone else: never melted */
  proofStates?: Pick<ProofStateStore, 'pendingSats'>;
}

/**
 * A state check this recent (same tab) is reused by the next step of the same cash-out: quoting,
 * "Cash out everything"'s several quotes and paying follow each other within seconds, and a proof
 * spent in between is refused by the mint as a whole melt (11001), which checks again.
 */
export const RECENT_CHECK_MS = 10_000;

/**
 * What paying an invoice will take, shown before the merchant confirms: the melt quote's fields as
 * the pending melt will store them (the fee reserve is the most routing may cost; what is not used
 * comes back as change), plus the total and the balance.
 */
export interface CashOutQuote extends Pick<
  PendingMelt,
  | 'quote'
  | 'mintUrl'
  | 'request'
  | 'amount'
  | 'feeReserve'
  | 'inputFee'
  | 'expiry'
  | 'destination'
  | 'description'
  | 'refund'
  | 'unit'
  | 'invoiceSats'
> {
  /** amount + feeReserve + inputFee: the most that can leave the balance */
  total: number;
  /** the mint's available balance before paying (sats in pending withdrawal tokens left out) */
  balance: number;
  /** the invoice's payee node key (hex), when it gives one */
  payee: string | null;
  /** the most fees (reserve + input fee) may be without asking again, in sats (or the unit) */
  feeLimit: number;
  /** fees above the limit: the merchant must accept them; automatic cash-out never pays */
  feeAboveLimit: boolean;
}

/**
 * Where a cash-out pays from: a unit's balance (sats when omitted) of the current mint, or of
 * `mintUrl` (docs/decisions/0090-automatic-cash-out-per-unit.md).
 */
export interface CashOutSource {
  unit?: Unit;
  mintUrl?: string;
}

/** What pay() may do beyond the plain case. */
export interface PayOptions {
  /** automatic cash-out: never pays fees above the limit */
  auto?: boolean;
  /** the merchant saw fees above the limit and confirmed them */
  acceptFee?: boolean;
}

/**
 * The available balance cannot pay the quote: `needed` is amount, fee reserve and the input fees
 * of the whole balance, `available` what there is. "Cash out everything" lowers the amount by the
 * difference.
 */
export class CashOutShortError extends ValidationError {
  constructor(
    message: ErrorWords,
    readonly needed: number,
    readonly available: number,
  ) {
    super(message);
  }
}

/** What the balance can pay out at most: its sum and that sum minus the input fees of all of it. */
export interface Spendable {
  available: number;
  /** available minus the NUT-02 input fees of spending every available proof */
  afterInputFees: number;
}

export type CashOutResult =
  | {
      status: 'paid';
      quote: string;
      amount: number;
      /** routing fee actually charged (the fee reserve minus the change) */
      feePaid: number;
      inputFee: number;
      preimage: string | null;
      auto: boolean;
      /** the unit of `amount` and the fees when not sats */
      unit?: Unit;
    }
  | { status: 'pending'; quote: string; amount: number; auto: boolean }
  | { status: 'unpaid'; quote: string; amount: number; auto: boolean };

/** An outcome found later (timer, start-up, tab shown again), not as the answer to pay(). */
export type CashOutListener = (result: CashOutResult) => void;

interface Selection {
  inputs: StoredProof[];
  inputFee: number;
}

/**
 * Owns every melt from the merchant's confirmation to PAID or UNPAID. A melt row (PendingMelt)
 * is written, with its inputs flagged out of the balance, before the request is sent; it is ended
 * only by what the mint reports: PAID (inputs deleted, change stored, one cash-out event) or
 * UNPAID (inputs back). Change lost with a reply is recovered by NUT-09 restore of the counters
 * reserved for the blank outputs.
 */
export class CashOutService {
  private readonly intervals: CashOutIntervals;
  private readonly lock: QuoteLock;
  private readonly checkpoint: Checkpoint;
  private readonly timers: BackoffTimers;
  private readonly listeners = new Set<CashOutListener>();
  private stopped = false;
  private readonly available: AvailableProofs;

  constructor(private readonly deps: CashOutServiceDeps) {
    this.available = new AvailableProofs(deps);
    this.intervals = { ...DEFAULT_CASH_OUT_INTERVALS, ...deps.intervals };
    this.timers = new BackoffTimers(this.intervals.checkMs, this.intervals.checkMaxMs);
    this.lock = deps.lock ?? defaultQuoteLock();
    this.checkpoint = deps.checkpoint ?? noCheckpoint;
  }

  /**
   * Checks the invoice, asks the current mint for a melt quote and works out the fees. Nothing
   * leaves the balance. Throws ValidationError (bad invoice, not enough balance) or a mint error.
   */
  async prepare(
    invoiceText: string,
    destination?: string,
    /** a Lightning address's own description (LNURL metadata), which its invoice only hashes */
    description?: string,
    /**
     * Pay from the balance of this unit (docs/protocol.md "Units"): the mint's melt quote in it
     * says what the invoice's sats cost in cents. Omitted: sats.
     */
    unit: Unit = SAT,
    /** pay from this mint's balance (a unit line of another mint, decision 0090); the current one when omitted */
    from?: string,
  ): Promise<CashOutQuote> {
    const invoice = checkInvoice(invoiceText, this.deps.clock());
    const limit = await this.readFeeLimit();
    if (await this.deps.ledger.invoicePaid(invoice.request)) {
      throw new ValidationError(INVOICE_ALREADY_PAID);
    }
    const mintUrl = from ?? (await this.deps.config.getMintUrl());
    const { wallet } = await this.deps.wallets.getSeededWallet(mintUrl, unit);
    let reply: MeltQuoteBolt11Response;
    try {
      reply = await wallet.createMeltQuoteBolt11(invoice.request);
    } catch (error) {
      // cashu-ts refuses a quote above the invoice itself; said in the same words as ours below.
      if (error instanceof Error && /quote amount exceeds the invoice/i.test(error.message)) {
        throw new ValidationError(meltQuoteWrongAmount(invoice.amountSat), { cause: error });
      }
      throw toMintError(error);
    }
    const { amount, feeReserve } = checkMeltQuote(reply, invoice.amountSat, unit);
    await this.reconcile(mintUrl);
    const proofs = await this.available.list(mintUrl, unit);
    const balance = sumSats(proofs.available);
    const selection = select(wallet, proofs.available, amount + feeReserve);
    if (!selection) throw shortOf(wallet, proofs, amount + feeReserve, unit);
    const fees = feeReserve + selection.inputFee;
    const shown = description || invoice.description;
    // In a fiat unit the merchant's fixed part (sats) counts at the quote's own rate.
    const feeLimit =
      unit === SAT ? feeLimitSats(amount, limit) : unitFeeLimit(amount, invoice.amountSat, limit);
    return {
      quote: reply.quote,
      mintUrl,
      request: invoice.request,
      amount,
      feeReserve,
      inputFee: selection.inputFee,
      total: amount + feeReserve + selection.inputFee,
      balance,
      expiry: typeof reply.expiry === 'number' && reply.expiry > 0 ? reply.expiry : null,
      ...(destination ? { destination } : {}),
      ...(shown ? { description: shown } : {}),
      payee: invoice.payee,
      feeLimit,
      feeAboveLimit: unit === SAT ? feeAboveLimit(amount, fees, limit) : fees > feeLimit,
      ...(unit === SAT ? {} : { unit, invoiceSats: invoice.amountSat }),
    };
  }

  /**
   * The current mint's (or `from`'s) available balance and what is left of it after input fees,
   * in `unit`'s minor units (sats when omitted).
   */
  async spendable(unit: Unit = SAT, from?: string): Promise<Spendable> {
    const mintUrl = from ?? (await this.deps.config.getMintUrl());
    const { wallet } = await this.deps.wallets.getSeededWallet(mintUrl, unit);
    await this.reconcile(mintUrl);
    const { available } = await this.available.list(mintUrl, unit);
    const sum = sumSats(available);
    return { available: sum, afterInputFees: Math.max(0, sum - feesFor(wallet, available)) };
  }

  /** Asks the mint which proofs are unspent; a mint that cannot be asked changes nothing. */
  private async reconcile(mintUrl: string): Promise<void> {
    try {
      await this.deps.reconciler?.check(mintUrl, { maxAgeMs: RECENT_CHECK_MS });
    } catch (error) {
      this.deps.logger.warn(`Could not ask ${mintUrl} which proofs are unspent`, error);
    }
  }

  private async readFeeLimit(): Promise<FeeLimit> {
    try {
      return cleanFeeLimit(await this.deps.feeLimit?.get());
    } catch (error) {
      this.deps.logger.warn('Could not read the fee limit; using the default', error);
      return cleanFeeLimit(undefined);
    }
  }

  /**
   * Pays a prepared quote: at most `plan.total` leaves the balance. One melt per mint at a time,
   * across tabs; an invoice already paid or being paid from this wallet is refused.
   */
  pay(plan: CashOutQuote, options: PayOptions = {}): Promise<CashOutResult> {
    this.stopped = false;
    return this.lock(lockName(plan.mintUrl), async () => {
      try {
        return await this.payLocked(plan, options);
      } catch (error) {
        // Change outputs an earlier install of this phrase used: the mint refused and did nothing,
        // the inputs are back and send() moved the counters past the used ones. Once more.
        if (refusalCode(error) === NutCode.outputsAlreadySigned)
          return this.payLocked(plan, options);
        // "Already spent": another device spent some inputs; the mint did nothing and the inputs
        // are back. Those it reports spent leave the balance, and the rest pays, if it can.
        if (await this.deps.reconciler?.afterRefusal(plan.mintUrl, error)) {
          return this.payLocked(plan, options);
        }
        throw error;
      }
    });
  }

  /** Cash-outs sent but not answered PAID or UNPAID yet, oldest first. */
  listPending(): Promise<PendingMelt[]> {
    return this.deps.melts.list();
  }

  /** Outcomes found by later checks (not those pay() returns). */
  onSettled(listener: CashOutListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Start-up, back online, tab shown again: asks the mint about every pending melt now; PAID and
   * UNPAID ones are finished, the rest checked again later. Never rejects.
   */
  async resumeAll(): Promise<void> {
    this.stopped = false;
    let rows: PendingMelt[] = [];
    try {
      rows = await this.deps.melts.list();
    } catch (error) {
      this.deps.logger.error('Could not read pending cash-outs', error);
    }
    for (const row of rows) await this.checkLater(row.quote, true);
  }

  /** Cancels scheduled checks. */
  stop(): void {
    this.stopped = true;
    this.timers.cancelAll();
  }

  // ------------------------------------------------------------ paying

  private async payLocked(plan: CashOutQuote, options: PayOptions): Promise<CashOutResult> {
    const auto = options.auto === true;
    const { ledger, melts } = this.deps;
    if (await ledger.invoicePaid(plan.request)) throw new ValidationError(INVOICE_ALREADY_PAID);
    const open = (await melts.list()).find((row) => row.request === plan.request);
    if (open) throw new ValidationError(INVOICE_BEING_PAID);

    const unit = storedUnit(plan.unit);
    const { wallet, seed } = await this.deps.wallets.getSeededWallet(plan.mintUrl, unit);
    // A quote paid or in flight already is refused by the mint itself (20006 / 20005).
    const quote = { quote: plan.quote, amount: Amount.from(plan.amount), unit };

    // The proofs may have changed since the quote was shown: choose again, within what was agreed.
    // A pending withdrawal token's proofs are never inputs: melting them would make it worthless.
    await this.reconcile(plan.mintUrl);
    const proofs = await this.available.list(plan.mintUrl, unit);
    const selection = select(wallet, proofs.available, plan.amount + plan.feeReserve);
    if (!selection) throw shortOf(wallet, proofs, plan.amount + plan.feeReserve, unit);
    if (plan.amount + plan.feeReserve + selection.inputFee > plan.total) {
      throw new ValidationError(FEES_CHANGED);
    }
    // Fees above the merchant's limit are paid only when the merchant accepted them on screen.
    const fees = plan.feeReserve + selection.inputFee;
    if (fees > plan.feeLimit && (auto || options.acceptFee !== true)) {
      throw new ValidationError(
        unit === SAT
          ? feeAboveLimitText(fees, plan.feeLimit)
          : unitFeeAboveLimit(amountOf(fees, unit), amountOf(plan.feeLimit, unit)),
      );
    }
    const inputAmount = sumSats(selection.inputs);
    const reservation = await this.reserveBlanks(
      wallet,
      inputAmount - plan.amount - selection.inputFee,
    );
    // A crash here leaves only unused counters: never handed out again.
    await this.checkpoint('melt:counters-reserved');
    const row: PendingMelt = {
      quote: plan.quote,
      mintUrl: plan.mintUrl,
      request: plan.request,
      amount: plan.amount,
      feeReserve: plan.feeReserve,
      inputFee: selection.inputFee,
      inputSecrets: selection.inputs.map((p) => p.secret),
      inputAmount,
      ...(reservation ? { reservation } : {}),
      ...(plan.destination ? { destination: plan.destination } : {}),
      ...(plan.description ? { description: plan.description } : {}),
      ...(auto ? { auto } : {}),
      // A refund's limit is checked again where the melt is journaled (storage, one transaction).
      ...(plan.refund ? { refund: plan.refund } : {}),
      // Checks, change restore and the history row use this unit's wallet and figures.
      ...(unit === SAT
        ? {}
        : { unit, ...(plan.invoiceSats ? { invoiceSats: plan.invoiceSats } : {}) }),
      createdAt: this.deps.clock(),
      expiry: plan.expiry,
    };
    if (!(await ledger.beginMelt(row))) {
      // Refused because a withdrawal token (another tab) took some inputs meanwhile, or because
      // the invoice is being paid already.
      const reserved = await this.available.reservedSecrets();
      if (row.inputSecrets.some((secret) => reserved.has(secret))) {
        throw new ValidationError(BALANCE_CHANGED);
      }
      throw new ValidationError(INVOICE_BEING_PAID);
    }
    this.deps.events.emitUpdated({ reason: 'cash-out' });
    await this.checkpoint('melt:journaled');
    return this.send(wallet, seed, row, quote, selection.inputs);
  }

  /** Counters for the NUT-08 blank outputs: enough to return `room` sats as change. */
  private async reserveBlanks(
    wallet: Wallet,
    room: number,
  ): Promise<CounterReservation | undefined> {
    if (room <= 0) return undefined;
    const count = blankCount(room);
    const keysetId = wallet.getKeyset().id;
    const range = await this.deps.counters.reserve(keysetId, count);
    return { keysetId, start: range.start, count: range.count };
  }

  /**
   * Moves the keyset's counter past every counter the mint signed from `reservation` on (a wallet
   * restored from its phrase starts below what an earlier install used), as minting does.
   */
  private async skipBlanksAhead(wallet: Wallet, reservation: CounterReservation): Promise<void> {
    const next = await firstUnusedCounter(wallet, reservation.keysetId, reservation.start);
    await this.deps.counters.advanceToAtLeast(
      reservation.keysetId,
      Math.max(next, reservation.start + reservation.count),
    );
  }

  private async send(
    wallet: Wallet,
    seed: Uint8Array,
    row: PendingMelt,
    quote: { quote: string; amount: Amount; unit: string },
    inputs: StoredProof[],
  ): Promise<CashOutResult> {
    let preview;
    try {
      const outputs = row.reservation ? await blankOutputs(wallet, seed, row.reservation) : [];
      preview = await wallet.prepareMelt(
        'bolt11',
        quote,
        inputs.map(toCashuProof),
        row.reservation ? { keysetId: row.reservation.keysetId } : {},
        { type: 'custom', data: outputs },
      );
    } catch (error) {
      // Nothing was sent: the inputs go back.
      await this.deps.ledger.releaseMelt(row.quote);
      this.deps.events.emitUpdated({ reason: 'cash-out' });
      throw toMintError(error);
    }
    let state: string;
    let change: Proof[];
    let preimage: string | null;
    try {
      const reply = await wallet.completeMelt(preview);
      const answered = reply.quote as unknown as MeltQuoteBolt11Response;
      state = answered.state;
      change = reply.change;
      preimage = answered.payment_preimage ?? null;
    } catch (error) {
      // Whatever the error, the mint's own view decides: a refusal can also be the answer to a
      // repeat of a melt it already did (a browser re-sends a POST whose connection dropped, and
      // the mint then says "invoice already paid"). Only an UNPAID quote with unspent inputs
      // gives the inputs back.
      const refused = isDefiniteRefusal(error);
      this.deps.logger.warn(`Melt ${row.quote} failed; checking its state at the mint`, error);
      let outcome: CashOutResult | undefined;
      try {
        outcome = await this.check(row.quote);
      } catch (checkError) {
        this.deps.logger.warn(`Melt ${row.quote}: mint unreachable, will check again`, checkError);
      }
      if (outcome?.status === 'unpaid' && refused) {
        if (refusalCode(error) === NutCode.outputsAlreadySigned && row.reservation) {
          await this.skipBlanksAhead(wallet, row.reservation).catch((skipError: unknown) =>
            this.deps.logger.warn(
              `Melt ${row.quote}: could not find the unused counters`,
              skipError,
            ),
          );
        }
        throw toMintError(error);
      }
      if (outcome && outcome.status !== 'pending') return outcome;
      this.schedule(row.quote);
      return { status: 'pending', quote: row.quote, amount: row.amount, auto: row.auto === true };
    }
    if (state === 'PAID') {
      await this.checkpoint('melt:paid');
      return this.settle(row, await this.completeChange(wallet, row, change), preimage);
    }
    if (state === 'UNPAID') return this.release(row);
    if (state !== 'PENDING') this.deps.logger.warn(`Melt ${row.quote} answered ${state}`);
    this.schedule(row.quote);
    return { status: 'pending', quote: row.quote, amount: row.amount, auto: row.auto === true };
  }

  // ------------------------------------------------------------ checking and finishing

  /**
   * Asks the mint about a pending melt and finishes it when it is PAID or UNPAID. Undefined when
   * the row is gone (another tab finished it). Throws when the mint cannot be asked.
   */
  private async check(quoteId: string): Promise<CashOutResult | undefined> {
    const row = await this.deps.melts.get(quoteId);
    if (!row) return undefined;
    const pending: CashOutResult = {
      status: 'pending',
      quote: row.quote,
      amount: row.amount,
      auto: row.auto === true,
    };
    const { wallet } = await this.deps.wallets.getSeededWallet(row.mintUrl, storedUnit(row.unit));
    let quote: MeltQuoteBolt11Response;
    try {
      quote = await wallet.checkMeltQuoteBolt11(row.quote);
    } catch (error) {
      if (!isDefiniteRefusal(error)) throw toMintError(error);
      // The mint does not know the quote: it can only have paid nothing if the inputs are unspent.
      const states = await this.inputStates(wallet, row);
      if (states.every((s) => s === CheckStateEnum.UNSPENT)) return this.release(row);
      this.deps.logger.error(`Melt ${row.quote}: unknown quote but inputs not unspent`, error);
      return pending;
    }
    if (quote.state === 'PAID') {
      const change = row.reservation
        ? await this.restoreChange(wallet, row.reservation, storedUnit(row.unit))
        : [];
      return this.settle(row, change, quote.payment_preimage ?? null);
    }
    if (quote.state === 'UNPAID') {
      const states = await this.inputStates(wallet, row);
      if (states.some((s) => s === CheckStateEnum.PENDING)) return pending;
      if (states.some((s) => s === CheckStateEnum.SPENT)) {
        this.deps.logger.error(`Melt ${row.quote} is UNPAID but some inputs are spent`);
      }
      return this.release(row);
    }
    return pending;
  }

  /** NUT-07 states of the row's inputs; only their secrets are needed (they are out of the balance). */
  private async inputStates(wallet: Wallet, row: PendingMelt): Promise<CheckStateEnum[]> {
    if (row.inputSecrets.length === 0) return [];
    try {
      const states = await wallet.checkProofsStates(row.inputSecrets.map((secret) => ({ secret })));
      return states.map((s) => s.state);
    } catch (error) {
      throw toMintError(error);
    }
  }

  /**
   * The reply's change, plus any blank output the mint signed but the reply left out (a reply may
   * carry fewer signatures than blanks, so only NUT-09 restore of the range can tell). Restore
   * failing keeps the reply's change: it is real, and the quote is paid.
   */
  private async completeChange(
    wallet: Wallet,
    row: PendingMelt,
    change: Proof[],
  ): Promise<NewProof[]> {
    const replied = inUnit(change.map(toNewProof), storedUnit(row.unit));
    if (!row.reservation || change.length >= row.reservation.count) return replied;
    let restored: NewProof[];
    try {
      restored = await this.restoreChange(wallet, row.reservation, storedUnit(row.unit));
    } catch (error) {
      this.deps.logger.warn(`Melt ${row.quote}: change restore failed; keeping the reply's`, error);
      return replied;
    }
    await this.checkpoint('melt:change-restored');
    const known = new Set(replied.map((p) => p.secret));
    return [...replied, ...restored.filter((p) => !known.has(p.secret))];
  }

  private async restoreChange(
    wallet: Wallet,
    reservation: CounterReservation,
    unit: Unit,
  ): Promise<NewProof[]> {
    try {
      const restored = await restoreReservation(wallet, reservation);
      return inUnit(restored.unspent.map(toNewProof), unit);
    } catch (error) {
      throw toMintError(error);
    }
  }

  private async settle(
    row: PendingMelt,
    change: NewProof[],
    preimage: string | null,
  ): Promise<CashOutResult> {
    const changeTotal = sumSats(change);
    // Change the reserve cannot explain (more than was left over, or a fee above the reserve) is
    // kept in the history row, where the merchant and support can see it, not only logged.
    const { feePaid, extraChange, feeBeyondReserve } = checkChange(row, changeTotal);
    if (extraChange > 0 || feeBeyondReserve > 0) {
      this.deps.logger.warn(`Melt ${row.quote}: change ${changeTotal} does not match the reserve`);
    }
    const { settled } = await this.deps.ledger.settleMelt({
      quote: row.quote,
      change,
      event: {
        amount: row.amount,
        feePaid,
        inputFee: row.inputFee,
        mintUrl: row.mintUrl,
        quoteId: row.quote,
        request: row.request,
        preimage,
        ...(row.destination ? { destination: row.destination } : {}),
        ...(row.description ? { description: row.description } : {}),
        ...(row.auto ? { auto: true } : {}),
        ...(row.refund ? { refund: row.refund } : {}),
        ...(extraChange > 0 ? { extraChange } : {}),
        ...(feeBeyondReserve > 0 ? { feeBeyondReserve } : {}),
        ...(row.unit ? { unit: row.unit } : {}),
        ...(row.invoiceSats ? { invoiceSats: row.invoiceSats } : {}),
      },
    });
    this.timers.cancel(row.quote, true);
    // An update's amount is sats: a payment in cents says only that something changed.
    if (settled) {
      this.deps.events.emitUpdated({
        reason: 'cash-out',
        ...(row.unit ? {} : { amount: row.amount }),
      });
    }
    return {
      status: 'paid',
      quote: row.quote,
      amount: row.amount,
      feePaid,
      inputFee: row.inputFee,
      preimage,
      auto: row.auto === true,
      ...(row.unit ? { unit: row.unit } : {}),
    };
  }

  private async release(row: PendingMelt): Promise<CashOutResult> {
    await this.deps.ledger.releaseMelt(row.quote);
    this.timers.cancel(row.quote, true);
    this.deps.events.emitUpdated({ reason: 'cash-out' });
    return { status: 'unpaid', quote: row.quote, amount: row.amount, auto: row.auto === true };
  }

  // ------------------------------------------------------------ timers

  private schedule(quoteId: string): void {
    if (this.stopped) return;
    this.timers.schedule(quoteId, () => void this.checkLater(quoteId));
  }

  /**
   * A check from a timer or resume (`fresh`: its backoff starts again): under the mint's lock;
   * outcomes go to the listeners.
   */
  private async checkLater(quoteId: string, fresh = false): Promise<void> {
    if (fresh) this.timers.cancel(quoteId, true);
    try {
      const row = await this.deps.melts.get(quoteId);
      if (!row) {
        this.timers.cancel(quoteId, true);
        return;
      }
      const outcome = await this.lock(lockName(row.mintUrl), () => this.check(quoteId));
      if (!outcome) return;
      if (outcome.status === 'pending') {
        this.schedule(quoteId);
        return;
      }
      this.announce(outcome);
    } catch (error) {
      this.deps.logger.warn(`Checking cash-out ${quoteId} failed; will try again`, error);
      this.schedule(quoteId);
    }
  }

  private announce(result: CashOutResult): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(result);
      } catch (error) {
        this.deps.logger.error('Cash-out listener threw', error);
      }
    }
  }
}

function lockName(mintUrl: string): string {
  return `cashew-melt:${mintKey(mintUrl)}`;
}

/** NUT-08: ceil(log2(room)) blank outputs, at least one, can carry any change up to `room`. */
export function blankCount(room: number): number {
  return Math.max(Math.ceil(Math.log2(room)), 1);
}

async function blankOutputs(
  wallet: Wallet,
  seed: Uint8Array,
  reservation: CounterReservation,
): Promise<OutputData[]> {
  const keyset = await wallet.keyChain.ensureKeysetKeys(reservation.keysetId);
  const zeros = Array<number>(reservation.count).fill(0);
  return OutputData.createDeterministicData(0, seed, reservation.start, keyset, zeros);
}

/**
 * Why the available proofs cannot cover `target`: nothing at all, sats held by pending tokens
 * (they would cover it if the token were cancelled), or simply not enough.
 */
function shortOf(
  wallet: Wallet,
  proofs: ProofsByUse,
  target: number,
  unit: Unit = SAT,
): ValidationError {
  const available = sumSats(proofs.available);
  const pending = sumSats(proofs.pending);
  if (available === 0 && pending === 0) return new ValidationError(NOTHING_TO_CASH_OUT);
  const needed = target + feesFor(wallet, proofs.available);
  if (unit !== SAT) {
    const words = notEnoughInUnit(amountOf(needed, unit), amountOf(available, unit));
    return new CashOutShortError(words, needed, available);
  }
  if (pending > 0) {
    return new CashOutShortError(heldByPendingToken(needed, available, pending), needed, available);
  }
  return new CashOutShortError(notEnoughBalance(needed, available), needed, available);
}

/**
 * NUT-05: the quote must be for the invoice's amount, in whole sats, with a fee reserve that is a
 * non-negative whole number. A mint quoting another amount would take more (or pay less) than the
 * merchant sees on the invoice. In a fiat unit the amount is the mint's price of the invoice in
 * cents: a positive whole number, shown with its rate before the merchant confirms.
 */
function checkMeltQuote(
  reply: MeltQuoteBolt11Response,
  invoiceAmount: number,
  unit: Unit,
): { amount: number; feeReserve: number } {
  let amount: number;
  let feeReserve: number;
  try {
    amount = reply.amount.toNumber();
    feeReserve = reply.fee_reserve.toNumber();
  } catch (error) {
    throw new ValidationError(MELT_QUOTE_NONSENSE, { cause: error });
  }
  if (!Number.isSafeInteger(feeReserve) || feeReserve < 0 || !reply.quote) {
    throw new ValidationError(MELT_QUOTE_NONSENSE);
  }
  if (unit !== SAT) {
    if (!Number.isSafeInteger(amount) || amount <= 0) {
      throw new ValidationError(MELT_QUOTE_NONSENSE);
    }
    return { amount, feeReserve };
  }
  if (amount !== invoiceAmount) throw new ValidationError(meltQuoteWrongAmount(invoiceAmount));
  return { amount, feeReserve };
}

function feesFor(wallet: Wallet, proofs: StoredProof[]): number {
  try {
    return wallet.getFeesForProofs(proofs).toNumber();
  } catch {
    return 0;
  }
}

/** Proofs covering `target` plus their own input fees, or null when the balance is short. */
function select(wallet: Wallet, proofs: StoredProof[], target: number): Selection | null {
  if (proofs.length === 0 || sumSats(proofs) < target) return null;
  let send: Proof[];
  try {
    send = wallet.selectProofsToSend(proofs.map(toCashuProof), target, true).send;
  } catch {
    return null;
  }
  if (send.length === 0) return null;
  const secrets = new Set(send.map((p) => p.secret));
  const inputs = proofs.filter((p) => secrets.has(p.secret));
  const inputFee = wallet.getFeesForProofs(inputs).toNumber();
  if (sumSats(inputs) < target + inputFee) return null;
  return { inputs, inputFee };
}
