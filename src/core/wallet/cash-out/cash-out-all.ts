// "Cash out everything" to a Lightning address: the largest amount the available balance can pay
// with its fees (NUT-02 input fees and the mint's fee reserve), found by asking the mint for a
// quote and adjusting, then the change that payment brings back (the reserve the route did not
// use) cashed out too, so nothing worth a payment is left (docs/behaviour.md, "Cash out").
// Automatic cash-out uses it too, in sats and in each fiat unit with a threshold.
import { ValidationError } from '../../errors';
import type { Logger } from '../../logger';
import {
  CashOutShortError,
  type CashOutQuote,
  type CashOutResult,
  type CashOutService,
  type CashOutSource,
  type PayOptions,
} from './cash-out-service';
import { requestInvoice, type Fetch, type PayParams } from './lnurl';
import { NOTHING_TO_CASH_OUT } from './texts.json';
import { amountOutOfRange, tooLittleForFees, tooLittleInUnit } from './texts';
import { SAT, storedUnit, type Unit } from '../../units/unit';
import { amountOf } from '../../units/amount';

/** Quotes asked for at most; each one is an invoice from the address and a melt quote. */
const MAX_TRIES = 5;

/**
 * Payments of the change after the first, at most. Each pays what the one before brought back
 * minus its own reserve, so the change shrinks about a hundredfold each time: one is nearly
 * always enough, the rest stop a mint that keeps returning change from keeping us paying.
 */
export const MAX_CHANGE_PAYMENTS = 3;

export interface CashOutAllDeps {
  cashOut: Pick<CashOutService, 'prepare' | 'spendable'>;
  fetch: Fetch;
}

/** First guess of the fee reserve: most mints reserve about 1 % (at least 1 sat) for routing. */
function guessReserve(sats: number): number {
  return Math.max(1, Math.ceil(sats / 100));
}

/** The sats an address is asked for by a plan: its invoice's (a fiat plan's amount is cents). */
function invoiceSatsOf(plan: CashOutQuote): number {
  return plan.invoiceSats ?? plan.amount;
}

/**
 * The first amount (sats) to ask the address for. In sats: the balance minus a guessed reserve.
 * In a fiat unit the rate is not known before a quote, so the first quote is a probe: as many
 * sats as there are minor units, and the search below scales by the cost it is quoted.
 */
function firstGuess(params: PayParams, afterInputFees: number, unit: Unit): number {
  if (unit !== SAT) return Math.max(params.minSat, Math.min(params.maxSat, afterInputFees));
  return Math.min(params.maxSat, afterInputFees - guessReserve(afterInputFees));
}

/**
 * A prepared cash-out of the largest amount that fits: amount + fee reserve + input fees within
 * the available balance (and within `cap`, when given) and the address's limits. In a fiat unit
 * (docs/decisions/0090-automatic-cash-out-per-unit.md) the balance, `cap` and the costs are its
 * minor units and the amounts asked of the address sats: each quote's cost scales the next ask.
 * Throws ValidationError when nothing fits.
 */
export async function prepareCashOutAll(
  params: PayParams,
  deps: CashOutAllDeps,
  comment = '',
  cap = Infinity,
  from: CashOutSource = {},
): Promise<CashOutQuote> {
  const unit = from.unit ?? SAT;
  const plain = unit === SAT && from.mintUrl === undefined;
  const spendable = await (plain
    ? deps.cashOut.spendable()
    : deps.cashOut.spendable(unit, from.mintUrl));
  const available = Math.min(spendable.available, cap);
  const afterInputFees = Math.min(spendable.afterInputFees, cap);
  if (available <= 0) throw new ValidationError(NOTHING_TO_CASH_OUT);
  let amount = firstGuess(params, afterInputFees, unit);
  let best: CashOutQuote | null = null;
  /** the smallest amount (sats) found too large */
  let short = Infinity;
  for (let i = 0; i < MAX_TRIES + (unit === SAT ? 0 : 1); i++) {
    amount = Math.min(amount, params.maxSat, short - 1);
    if (amount < params.minSat || (best && amount <= invoiceSatsOf(best))) break;
    const invoice = await requestInvoice(params, amount, comment, deps.fetch);
    let cost: number;
    let budget: number;
    try {
      const plan = await (plain
        ? deps.cashOut.prepare(invoice, params.label, params.description)
        : deps.cashOut.prepare(invoice, params.label, params.description, unit, from.mintUrl));
      cost = plan.total;
      budget = Math.min(plan.balance, cap);
      if (plan.total > cap) short = amount;
      else if (!best || invoiceSatsOf(plan) > invoiceSatsOf(best)) best = plan;
    } catch (error) {
      if (!(error instanceof CashOutShortError)) throw error;
      short = amount;
      cost = error.needed;
      budget = Math.min(error.available, cap);
    }
    // Fees grow with the amount about in proportion: scale this quote's amount to the budget.
    amount = Math.floor((budget * amount) / cost);
  }
  if (best) return best;
  if (params.minSat > 1) throw new ValidationError(amountOutOfRange(params.minSat, params.maxSat));
  if (unit !== SAT) throw new ValidationError(tooLittleInUnit(amountOf(available, unit)));
  throw new ValidationError(tooLittleForFees(available));
}

export interface PayCashOutAllDeps {
  cashOut: Pick<CashOutService, 'prepare' | 'spendable' | 'pay'>;
  fetch: Fetch;
  logger: Logger;
}

/** What a paid cash-out took from the balance: the amount, the routing fee and the input fee. */
function spentBy(result: CashOutResult & { status: 'paid' }): number {
  return result.amount + result.feePaid + result.inputFee;
}

/**
 * Pays a "Cash out everything" plan, then the change it brought back to the same address, in up
 * to MAX_CHANGE_PAYMENTS more payments, each within what the first plan's total still allows (the
 * merchant confirmed that total, so no payment takes more than was shown). Stops when nothing fits
 * with its fees, a payment is not paid at once, or a step fails (logged: the first payment stands).
 * The result adds up every paid payment (one cash-out history row each).
 */
export async function payCashOutAll(
  plan: CashOutQuote,
  params: PayParams,
  deps: PayCashOutAllDeps,
  comment = '',
  options: PayOptions = {},
): Promise<CashOutResult> {
  const first = await deps.cashOut.pay(plan, options);
  if (first.status !== 'paid') return first;
  let total = first;
  let allowance = plan.total - spentBy(first);
  for (let i = 0; i < MAX_CHANGE_PAYMENTS && allowance > 0; i++) {
    let result: CashOutResult;
    try {
      // The change is in the plan's unit at the plan's mint, and so is what is left of its total.
      const source = { unit: storedUnit(plan.unit), mintUrl: plan.mintUrl };
      const next = await prepareCashOutAll(params, deps, comment, allowance, source);
      result = await deps.cashOut.pay(next, options);
    } catch (error) {
      // Too little left for a payment's fees (the usual end), or the address or mint failed.
      if (!(error instanceof ValidationError)) {
        deps.logger.warn(
          'Cashing out the change of a cash-out failed; it stays in the balance',
          error,
        );
      }
      break;
    }
    if (result.status !== 'paid') {
      // Pending: the mint settles it later (announced as any cash-out); unpaid: back in the balance.
      break;
    }
    allowance -= spentBy(result);
    total = {
      ...total,
      amount: total.amount + result.amount,
      feePaid: total.feePaid + result.feePaid,
      inputFee: total.inputFee + result.inputFee,
    };
  }
  return total;
}
