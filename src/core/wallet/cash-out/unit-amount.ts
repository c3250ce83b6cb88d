// A cash-out to a Lightning address of an amount typed in a fiat unit (docs/decisions/0090-automatic-cash-out-per-unit.md):
// the address is asked for sats, so the mint's rate comes first, from its melt quote of a probe
// invoice; then the address is asked for the sats the typed amount buys, and the quote of that
// invoice, with its rate, is what the merchant confirms.
import { ValidationError } from '../../errors';
import { type Unit } from '../../units/unit';
import { CashOutShortError, type CashOutQuote } from './cash-out-service';
import type { CashOutAllDeps } from './cash-out-all';
import { checkPayAmount, requestInvoice, type PayParams } from './lnurl';
import { UNIT_RATE_MOVED } from './texts.json';

/** Quotes asked for at most: the probe, the amount, and corrections of a rounding or a move. */
const MAX_TRIES = 4;

/**
 * A prepared cash-out of `minor` of `unit` (cents) to the address: the quote's amount is the typed
 * amount, or one minor unit below it when no whole number of sats costs exactly that. Throws the
 * sat range of the address when the amount is outside it, the unit's "not enough balance" when
 * the balance cannot pay it, or UNIT_RATE_MOVED when the mint's price would not settle.
 */
export async function prepareUnitAmount(
  params: PayParams,
  deps: CashOutAllDeps,
  minor: number,
  /** the fiat balance paid from: its unit, and its mint when not the current one */
  from: { unit: Unit; mintUrl?: string },
  comment = '',
): Promise<CashOutQuote> {
  const { unit, mintUrl } = from;
  // The probe: as many sats as minor units, a small payment for any currency the app knows.
  let sats = Math.min(params.maxSat, Math.max(params.minSat, minor));
  let best: CashOutQuote | null = null;
  for (let i = 0; i < MAX_TRIES; i++) {
    checkPayAmount(params, sats, comment);
    const invoice = await requestInvoice(params, sats, comment, deps.fetch);
    let cost: number;
    try {
      const { label, description } = params;
      const plan = await deps.cashOut.prepare(invoice, label, description, unit, mintUrl);
      if (plan.amount === minor) return plan;
      if (plan.amount === minor - 1 && (!best || sats > (best.invoiceSats ?? 0))) best = plan;
      cost = plan.amount;
    } catch (error) {
      // Short at the amount itself (not the probe): the balance cannot pay what was typed.
      if (!(error instanceof CashOutShortError) || i > 0) throw error;
      cost = error.needed;
    }
    // The sats the typed amount buys at this quote's rate; the next quote says what they cost.
    const next = Math.floor((sats * minor) / cost);
    if (next === sats) break;
    sats = next;
  }
  if (best) return best;
  throw new ValidationError(UNIT_RATE_MOVED);
}
