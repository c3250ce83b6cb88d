// "Cash out everything" to a Lightning address: the largest amount the available balance can pay
// with its fees (NUT-02 input fees and the mint's fee reserve), found by asking the mint for a
// quote and adjusting (docs/behaviour.md, "Cash out"). Automatic cash-out uses it too.
import { ValidationError } from '../../errors';
import { CashOutShortError, type CashOutQuote, type CashOutService } from './cash-out-service';
import { requestInvoice, type Fetch, type PayParams } from './lnurl';
import { NOTHING_TO_CASH_OUT } from './texts.json';
import { amountOutOfRange, tooLittleForFees } from './texts';

/** Quotes asked for at most; each one is an invoice from the address and a melt quote. */
const MAX_TRIES = 5;

export interface CashOutAllDeps {
  cashOut: Pick<CashOutService, 'prepare' | 'spendable'>;
  fetch: Fetch;
}

/** First guess of the fee reserve: most mints reserve about 1 % (at least 1 sat) for routing. */
function guessReserve(sats: number): number {
  return Math.max(1, Math.ceil(sats / 100));
}

/**
 * A prepared cash-out of the largest amount that fits: amount + fee reserve + input fees within
 * the available balance and the address's limits. Throws ValidationError when nothing fits.
 */
export async function prepareCashOutAll(
  params: PayParams,
  deps: CashOutAllDeps,
  comment = '',
): Promise<CashOutQuote> {
  const { available, afterInputFees } = await deps.cashOut.spendable();
  if (available <= 0) throw new ValidationError(NOTHING_TO_CASH_OUT);
  let amount = Math.min(params.maxSat, afterInputFees - guessReserve(afterInputFees));
  let best: CashOutQuote | null = null;
  /** the smallest amount found too large */
  let short = Infinity;
  for (let i = 0; i < MAX_TRIES; i++) {
    amount = Math.min(amount, params.maxSat, short - 1);
    if (amount < params.minSat || (best && amount <= best.amount)) break;
    const invoice = await requestInvoice(params, amount, comment, deps.fetch);
    let cost: number;
    let budget: number;
    try {
      const plan = await deps.cashOut.prepare(invoice, params.label, params.description);
      if (!best || plan.amount > best.amount) best = plan;
      cost = plan.total;
      budget = plan.balance;
    } catch (error) {
      if (!(error instanceof CashOutShortError)) throw error;
      short = amount;
      cost = error.needed;
      budget = error.available;
    }
    // Fees grow with the amount about in proportion: scale this quote's amount to the budget.
    amount = Math.floor((budget * amount) / cost);
  }
  if (best) return best;
  if (params.minSat > 1) throw new ValidationError(amountOutOfRange(params.minSat, params.maxSat));
  throw new ValidationError(tooLittleForFees(available));
}
