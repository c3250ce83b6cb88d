// A sale's receipt as data and as plain text: shop with address and tax number, receipt number,
// date and time, lines, discounts, tax by rate, tip, total in sats and fiat at the price used,
// payment method, reference and refunds (docs/behaviour.md "Receipts").
import type { HistoryEvent } from '../history-ports';
import { formatFiatRecord } from '../prices/convert';
import { localStamp } from '../records/local-day';
import { CUSTOM_LINE_NAME, lineName } from '../sale/line-names';
import type { PaymentMethod, SaleDetail } from '../sale/sale-detail';
import { saleRates } from '../sale/sale-rates';
import type { RateTotal } from '../sale/tax';
import { amountText } from '../units/amount';
import { isFiatUnit, type FiatUnit } from '../units/unit';
import { isSale, refundLeft, refundLinkOf } from './refunds';

export interface ReceiptLine {
  name: string;
  quantity: number;
  unitSats: number;
  totalSats: number;
  /** sats off this line (its own discount and its share of the cart's), when any */
  discountSats?: number;
  /** the reason of the line's own discount, when one was given */
  discountReason?: string;
  /** its tax rate, when taxed */
  rate?: number;
}

/** What a tax office asks of the seller beyond its name (Settings; decision 0064). */
export interface ShopDetails {
  address?: string;
  taxNumber?: string;
}

export interface ReceiptRefund {
  id: number;
  date: string;
  time: string;
  sats: number;
  method: string;
}

export interface Receipt {
  shopName: string;
  shopAddress?: string;
  shopTaxNumber?: string;
  /** the device's sequential receipt number, when the sale was given one */
  number?: string;
  saleId: number;
  date: string;
  time: string;
  reference: string;
  lines: ReceiptLine[];
  subtotalSats: number;
  /** every discount in sats (0: none) */
  discountSats: number;
  /** the reason given for the cart's discount */
  discountReason?: string;
  /** tax added on top of the prices */
  taxSats: number;
  /**
   * net, tax and gross per rate when any line is taxed (untaxed lines as rate 0), else empty; a
   * rate of null is tax recorded without its rate
   */
  rates: RateTotal[];
  tipSats: number;
  totalSats: number;
  /** the total in the display currency at the price used, e.g. "12.30 USD" */
  fiat?: string;
  /**
   * The fiat unit the sale was charged in: every amount of the receipt (lines, totals, refunds) is
   * then its minor units, cents (decision 0089); absent: sats.
   */
  unit?: FiatUnit;
  method: string;
  refunds: ReceiptRefund[];
  /** sats of the sale not refunded */
  leftSats: number;
}

export const SALE_LINE = 'Sale';

/** The names a receipt gives the lines that are no item (core/sale/line-names.ts). */
export type LineWords = Pick<ReceiptWords, 'saleLine' | 'customLine'>;

const ENGLISH_LINE_WORDS: LineWords = { saleLine: SALE_LINE, customLine: CUSTOM_LINE_NAME };

/**
 * A receipt's words in the shop's language: the screens pass their catalog's (ui/receipt/receipt-words.ts),
 * so that the text shared or printed reads as the dialog does (docs/behaviour.md "Receipts").
 */
export interface ReceiptWords {
  /** An amount with its unit: "21 sats", "1 sat". */
  sats(n: number): string;
  reference(reference: string): string;
  /** The one line of a keypad sale. */
  saleLine: string;
  /** A custom amount added to a cart. */
  customLine: string;
  subtotal: string;
  tax: string;
  tip: string;
  total: string;
  paidWith(method: string): string;
  refund(date: string, time: string): string;
  left: string;
  /** "Receipt no. {number}" */
  receiptNumber(number: string): string;
  /** "Tax no. {number}" */
  taxNumber(number: string): string;
  /** "Discount" with its reason when one was given */
  discount(reason?: string): string;
  /** a rate's three figures: "Net 7 %", "Tax 7 %", "Gross 7 %" */
  rateNet(rate: number): string;
  rateTax(rate: number): string;
  rateGross(rate: number): string;
  /** An amount in a fiat unit in the shop's language ("3.50 USD"); absent: written in English. */
  inUnit?(minor: number, unit: FiatUnit): string;
}

/** How the receipt writes its amounts: sats, or its fiat unit's minor units as that currency. */
export function receiptAmount(
  receipt: Pick<Receipt, 'unit'>,
  words: ReceiptWords,
): (n: number) => string {
  const { unit } = receipt;
  if (!unit) return (n) => words.sats(n);
  return (n) => (words.inUnit ? words.inUnit(n, unit) : amountText({ unit, minor: n }));
}

const METHOD_TEXT: Record<PaymentMethod, string> = {
  lightning: 'Lightning',
  ecash: 'Ecash',
  cash: 'Cash',
};

export function methodText(method: PaymentMethod): string {
  return METHOD_TEXT[method];
}

/**
 * The sale's detail; a keypad sale or one recorded before details existed is one line "Sale" of
 * its amount, paid over Lightning, no tax or tip.
 */
export function saleDetailOf(event: Pick<HistoryEvent, 'amount' | 'sale'>): SaleDetail {
  if (event.sale) return event.sale;
  return {
    lines: [{ name: SALE_LINE, quantity: 1, unitSats: event.amount }],
    subtotalSats: event.amount,
    taxSats: 0,
    tipSats: 0,
    method: 'lightning',
  };
}

/** The reference printed on the receipt: the sale's own, else its quote's start, else its id. */
export function saleReference(event: Pick<HistoryEvent, 'id' | 'quoteId' | 'sale'>): string {
  if (event.sale?.reference) return event.sale.reference;
  if (event.quoteId) return event.quoteId.slice(0, 8).toUpperCase();
  return `#${event.id}`;
}

/** The receipt of a sale; undefined for an event that is not a sale. `refunds`: any events. */
export function receiptFor(
  event: HistoryEvent,
  shopName: string,
  refunds: readonly HistoryEvent[] = [],
  words: LineWords = ENGLISH_LINE_WORDS,
  shop: ShopDetails = {},
): Receipt | undefined {
  if (!isSale(event)) return undefined;
  const detail = saleDetailOf(event);
  // A keypad sale's one line and a custom amount are named in the receipt's language; an item
  // keeps its own name.
  const names = { keypadLine: words.saleLine, customLine: words.customLine };
  const named = detail.lines.map((line) => ({
    ...line,
    name: event.sale ? lineName(line, names) : words.saleLine,
  }));
  const stamp = localStamp(event.createdAt);
  const own = refunds
    .filter((refund) => refundLinkOf(refund)?.refundOf === event.id)
    .sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
  const rates = saleRates(detail);
  const taxed = rates.some((row) => row.rate !== 0);
  const address = shop.address?.trim();
  const taxNumber = shop.taxNumber?.trim();
  const unit = isFiatUnit(event.unit) ? event.unit : undefined;
  return {
    shopName: shopName.trim(),
    ...(address ? { shopAddress: address } : {}),
    ...(taxNumber ? { shopTaxNumber: taxNumber } : {}),
    ...(event.receiptNumber ? { number: event.receiptNumber } : {}),
    saleId: event.id,
    date: stamp.date,
    time: stamp.time.slice(0, 5),
    reference: saleReference(event),
    lines: named.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      unitSats: line.unitSats,
      totalSats: line.quantity * line.unitSats,
      ...(line.discountSats ? { discountSats: line.discountSats } : {}),
      ...(line.discount?.reason ? { discountReason: line.discount.reason } : {}),
      ...(line.taxRatePercent ? { rate: line.taxRatePercent } : {}),
    })),
    subtotalSats: detail.subtotalSats,
    discountSats: detail.discountSats ?? 0,
    ...(detail.cartDiscount?.reason ? { discountReason: detail.cartDiscount.reason } : {}),
    taxSats: detail.taxSats,
    rates: taxed ? rates : [],
    tipSats: detail.tipSats,
    totalSats: event.amount,
    // A sale in a fiat unit is its own fiat value: its record only keeps the rate of lines
    // converted from sats (decision 0089), not a second total.
    ...(event.fiat && !unit ? { fiat: formatFiatRecord(event.fiat) } : {}),
    ...(unit ? { unit } : {}),
    method: methodText(detail.method),
    refunds: own.map((refund) => {
      const at = localStamp(refund.createdAt);
      return {
        id: refund.id,
        date: at.date,
        time: at.time.slice(0, 5),
        sats: refund.amount,
        method: methodText(refundLinkOf(refund)?.method ?? 'lightning'),
      };
    }),
    leftSats: refundLeft(event, own),
  };
}

/** Left text and right text on one line of `width` characters (the right side never cut). */
function row(left: string, right: string, width: number): string {
  const room = Math.max(1, width - right.length - 1);
  const cut = left.length > room ? `${left.slice(0, Math.max(0, room - 1))}…` : left;
  return `${cut}${' '.repeat(Math.max(1, width - cut.length - right.length))}${right}`;
}

/**
 * The receipt as plain text for sharing, `width` characters a line (32 fits a 58 mm printer), in
 * the words given (amounts in the screens' grouping).
 */
export function receiptText(receipt: Receipt, words: ReceiptWords, width = 32): string {
  const rule = '-'.repeat(width);
  const money = receiptAmount(receipt, words);
  const out: string[] = [];
  if (receipt.shopName) out.push(receipt.shopName);
  if (receipt.shopAddress) out.push(receipt.shopAddress);
  if (receipt.shopTaxNumber) out.push(words.taxNumber(receipt.shopTaxNumber));
  if (receipt.number) out.push(words.receiptNumber(receipt.number));
  out.push(`${receipt.date} ${receipt.time}`, words.reference(receipt.reference), rule);
  for (const line of receipt.lines) {
    const name = line.quantity === 1 ? line.name : `${line.quantity} x ${line.name}`;
    const rated = line.rate ? `${name} (${line.rate} %)` : name;
    out.push(row(rated, money(line.totalSats), width));
    if (line.discountReason) {
      out.push(row(`  ${words.discount(line.discountReason)}`, '', width));
    }
  }
  out.push(rule);
  const parts = receipt.taxSats > 0 || receipt.tipSats > 0 || receipt.discountSats > 0;
  if (parts) out.push(row(words.subtotal, money(receipt.subtotalSats), width));
  if (receipt.discountSats > 0) {
    out.push(row(words.discount(receipt.discountReason), `-${money(receipt.discountSats)}`, width));
  }
  if (receipt.rates.length === 0 && receipt.taxSats > 0) {
    out.push(row(words.tax, money(receipt.taxSats), width));
  }
  for (const rate of receipt.rates) {
    if (rate.rate === null) {
      out.push(row(words.tax, money(rate.taxSats), width));
      continue;
    }
    out.push(row(words.rateNet(rate.rate), money(rate.netSats), width));
    out.push(row(words.rateTax(rate.rate), money(rate.taxSats), width));
    out.push(row(words.rateGross(rate.rate), money(rate.grossSats), width));
  }
  if (receipt.tipSats > 0) out.push(row(words.tip, money(receipt.tipSats), width));
  out.push(row(words.total, money(receipt.totalSats), width));
  if (receipt.fiat) out.push(row('', receipt.fiat, width));
  out.push(words.paidWith(receipt.method));
  for (const refund of receipt.refunds) {
    out.push(row(words.refund(refund.date, refund.time), `-${money(refund.sats)}`, width));
  }
  if (receipt.refunds.length > 0) out.push(row(words.left, money(receipt.leftSats), width));
  return out.join('\n');
}
