// Publishes the counter's cart and invoice to a customer display window (docs/behaviour.md
// "Customer display"): only what the customer sees anyway, picked field by field (the invoice
// text and amount, never the quote's row with its outputs), whether the till is locked or not.
import { useEffect, useRef } from 'react';
import { hasDisplayChannel, openDisplayChannel } from '../../core/display/channel';
import { CounterDisplay, type CounterView } from '../../core/display/counter-display';
import type { CartLine, PriceUsed, PricingRules } from '../../core/items/cart';
import { cartSummary, type AmountView } from '../../core/items/cart-view';
import { isFiatUnit, type FiatUnit, type Unit } from '../../core/units/unit';
import type { Logger } from '../../core/logger';
import type { PendingMintQuote } from '../../core/wallet/mint/ports';
import { useLineName, type LineNameOf } from '../../ui/cart/line-name';
import type { InvoiceState } from './use-invoice';

export interface CustomerDisplayArgs {
  lines: readonly CartLine[];
  /** the cart's discount and the shop's tax rules, as the cart is charged by (stable until changed) */
  rules?: PricingRules;
  priceUsed: PriceUsed | undefined;
  invoice: Pick<InvoiceState, 'invoice' | 'open'> | undefined;
  ecashRequest: { creqA: string } | null | undefined;
  /** changes when this screen's invoice is paid */
  paidKey: number;
  shopName: (() => Promise<string>) | undefined;
  logger: Logger;
}

/**
 * The cart without a tip (the tip is on the invoice's amount) and the invoice while it is open; the
 * total is the one the cart is charged, its discounts off and its tax by the shop's rules, with the
 * tax added on top shown apart so the customer sees what makes the total.
 */
export function counterView(
  lines: readonly CartLine[],
  priceUsed: PriceUsed | undefined,
  quote: PendingMintQuote | null,
  creqA: string | undefined,
  rules: PricingRules = {},
  nameOf: LineNameOf = (line) => line.name,
): CounterView {
  const summary = cartSummary(lines, priceUsed, { kind: 'none' }, rules);
  // In a fiat till every amount is in its unit (cents), said once by `unit`; never cents as sats,
  // never sats beside cents (docs/behaviour.md "Customer display"). The open invoice's unit leads
  // (absent: sats): a keypad sale has no cart to say it, and its amount is in that unit.
  const unit = quote ? fiatOrNone(quote.unit) : summary.unit?.unit;
  const shown = (amount: AmountView | undefined) =>
    amount && (amount.inUnit === true) === (unit !== undefined) ? amount.sats : null;
  const discount = shown(summary.totals?.discount);
  const tax = shown(summary.totals?.addedTax);
  return {
    lines: summary.lines.map((line) => ({
      name: nameOf(line),
      quantity: line.quantity,
      sats: shown(line.amount),
    })),
    total: shown(summary.totals?.total),
    ...(discount ? { discount } : {}),
    ...(tax ? { tax } : {}),
    ...(unit ? { unit } : {}),
    pay: quote
      ? { amount: quote.amount, invoice: quote.request, ...(creqA ? { ecash: creqA } : {}) }
      : null,
  };
}

const fiatOrNone = (unit: Unit | undefined): FiatUnit | undefined =>
  isFiatUnit(unit) ? unit : undefined;

export function useCustomerDisplay(args: CustomerDisplayArgs): void {
  const { lines, rules, priceUsed, invoice, ecashRequest, paidKey, shopName, logger } = args;
  // Made by the first effect, so every effect after it in the same commit has it.
  const display = useRef<CounterDisplay | null>(null);
  useEffect(() => {
    if (!hasDisplayChannel()) return;
    const counter = new CounterDisplay(openDisplayChannel());
    display.current = counter;
    return () => {
      display.current = null;
      counter.close();
    };
  }, []);
  useEffect(() => {
    const hide = () => display.current?.pageHidden();
    const show = (event: PageTransitionEvent) => {
      if (event.persisted) display.current?.pageShown();
    };
    window.addEventListener('pagehide', hide);
    window.addEventListener('pageshow', show);
    return () => {
      window.removeEventListener('pagehide', hide);
      window.removeEventListener('pageshow', show);
    };
  }, []);
  useEffect(() => {
    const counter = display.current;
    if (!counter || !shopName) return;
    shopName().then(
      (name) => counter.setShop(name),
      (error: unknown) =>
        logger.warn('Could not read the shop name for the customer display', error),
    );
  }, [shopName, logger]);
  // Worked out in an effect, after the frame: a tap on an item shows its line first.
  const quote = invoice?.open ? invoice.invoice : null;
  const creqA = ecashRequest?.creqA;
  const nameOf = useLineName();
  useEffect(() => {
    display.current?.show(counterView(lines, priceUsed, quote, creqA, rules, nameOf));
  }, [lines, priceUsed, quote, creqA, rules, nameOf]);
  const firstPaidKey = useRef(paidKey);
  useEffect(() => {
    if (paidKey !== firstPaidKey.current) display.current?.paidNow();
  }, [paidKey]);
}
