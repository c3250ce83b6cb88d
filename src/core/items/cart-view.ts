// What the cart screens show, worked out once for the merchant's Items side and the remote
// cashier's: item tiles with their price texts, and a cart's lines and totals in sats and the
// display currency with its sale record (docs/behaviour.md "Items, cart and tips").
import { formatSats } from '../format-sats';
import {
  fiatRecordFor,
  formatFiatMinor,
  formatFiatRecord,
  trySatsToFiatMinor,
} from '../prices/convert';
import { currencyDecimals } from '../prices/currencies';
import { cartSale, type Sale } from '../sale/sale';
import type { Discount } from '../sale/discount';
import { fiatAt } from '../sale/sale-fiat';
import {
  priceCart,
  saleLinesOf,
  unitSats,
  type CartLine,
  type PriceUsed,
  type PricingRules,
  type TipChoice,
} from './cart';
import { categoriesOf, findItems, itemByCode, type CatalogItem } from './item';

/** An item's button: its name and price ("3.50 USD · 3,500 sats"). */
export interface ItemTile {
  id: string;
  name: string;
  /** the price in English figures ("2,500 sats", "3.50 USD · 3,500 sats") */
  price: string;
  /** the same as figures, for screens that write them in their language */
  figures: {
    /** whole sats; absent for a fiat price with no price in its currency */
    sats?: number;
    fiat?: { minor: number; currency: string; decimals: number };
  };
}

/** Sats, and the display currency's text at the price used when there is one. */
export interface AmountView {
  sats: number;
  /** in English figures ("12.30 USD"), for tests and older callers */
  fiat?: string;
  /** the same as figures, for screens that write them in their language (decision 0063) */
  fiatFigures?: { minor: number; currency: string; decimals: number };
}

export interface CartLineView {
  id: string;
  name: string;
  quantity: number;
  /** absent while the line has no price (a fiat price without the currency's price) */
  amount?: AmountView;
  /** sats off this line (its own discount and its share of the cart's), when any */
  discountSats?: number;
  /** the line's own discount as entered, when one was given */
  discount?: Discount;
}

export interface CartSummary {
  lines: CartLineView[];
  /** why the cart cannot be charged; absent when it can (or is empty) */
  problem?: 'no-price' | 'too-large';
  /** with 'no-price': the currency the unpriced line is priced in */
  problemCurrency?: string;
  totals?: {
    subtotal: AmountView;
    /** every discount, when there is one */
    discount?: AmountView;
    /** each rate's tax, added on top or inside the prices */
    taxes: Array<{ rate: number; amount: AmountView }>;
    tip: AmountView;
    total: AmountView;
  };
  /** the one charge: the sale of the total, its lines and its fiat record at the price used */
  charge?: Sale;
}

export function itemTile(item: CatalogItem, used: PriceUsed | undefined): ItemTile {
  if (item.price.unit === 'sat') {
    return {
      id: item.id,
      name: item.name,
      price: `${formatSats(item.price.sats)} sats`,
      figures: { sats: item.price.sats },
    };
  }
  const sats = unitSats(item.price, used);
  const fiat = formatFiatMinor(item.price.minor, item.price.currency);
  return {
    id: item.id,
    name: item.name,
    price: sats === undefined ? fiat : `${fiat} · ${formatSats(sats)} sats`,
    figures: {
      ...(sats === undefined ? {} : { sats }),
      fiat: {
        minor: item.price.minor,
        currency: item.price.currency,
        decimals: currencyDecimals(item.price.currency),
      },
    },
  };
}

export function amountView(sats: number, used: PriceUsed | undefined): AmountView {
  const decimals = used ? currencyDecimals(used.currency) : 0;
  const minor = used ? trySatsToFiatMinor(sats, used.price, decimals) : undefined;
  if (!used || minor === undefined) return { sats };
  return {
    sats,
    fiat: formatFiatRecord(fiatRecordFor(sats, used.currency, used.price)),
    fiatFigures: { minor, currency: used.currency, decimals },
  };
}

/** The cart as shown and charged at the price used with `tip`. */
export function cartSummary(
  lines: readonly CartLine[],
  used: PriceUsed | undefined,
  tip: TipChoice,
  rules: PricingRules = {},
): CartSummary {
  const pricing = priceCart(lines, used, tip, rules);
  const totals = pricing.ok ? pricing.totals : undefined;
  const views = lines.map((line): CartLineView => {
    const priced = totals?.lines.find((l) => l.lineId === line.id);
    return {
      id: line.id,
      name: line.name,
      quantity: line.quantity,
      ...(priced ? { amount: amountView(priced.lineSats, used) } : {}),
      ...(priced?.discountSats ? { discountSats: priced.discountSats } : {}),
      ...(line.discount ? { discount: line.discount } : {}),
    };
  });
  if (!totals) {
    return {
      lines: views,
      ...(pricing.ok === false && pricing.problem !== 'empty' ? { problem: pricing.problem } : {}),
      ...(pricing.ok === false && pricing.currency ? { problemCurrency: pricing.currency } : {}),
    };
  }
  return {
    lines: views,
    totals: {
      subtotal: amountView(totals.subtotalSats, used),
      ...(totals.discountSats ? { discount: amountView(totals.discountSats, used) } : {}),
      taxes: totals.rates
        .filter((row) => !!row.rate)
        .map((row) => ({ rate: row.rate!, amount: amountView(row.taxSats, used) })),
      tip: amountView(totals.tipSats, used),
      total: amountView(totals.totalSats, used),
    },
    charge: cartSale(totals.totalSats, saleLinesOf(totals), fiatAt(totals.totalSats, used)),
  };
}

/** The catalog as the item grid uses it: its categories, a filter, and look-ups by id and code. */
export interface CatalogView {
  categories: string[];
  /** the tiles of the items matching the search text and category (all when both are empty) */
  tilesFor: (query: string, category: string | undefined) => ItemTile[];
  byId: (id: string) => CatalogItem | undefined;
  byCode: (code: string) => CatalogItem | undefined;
}

export function catalogView(
  items: readonly CatalogItem[],
  used: PriceUsed | undefined,
): CatalogView {
  const ids = new Map(items.map((item) => [item.id, item]));
  const tiles = new Map(items.map((item) => [item.id, itemTile(item, used)]));
  return {
    categories: categoriesOf(items),
    tilesFor: (query, category) =>
      findItems(items, query, category).map((item) => tiles.get(item.id)!),
    byId: (id) => ids.get(id),
    byCode: (code) => itemByCode(items, code),
  };
}
