// What the cart screens show, worked out once for the merchant's Items side and the remote
// cashier's: item tiles with their price texts, and a cart's lines and totals in sats and the
// display currency (or in a fiat till's unit alone) with its sale record (docs/behaviour.md
// "Items, cart and tips").
import { formatSats } from '../format-sats';
import {
  fiatRecordFor,
  formatFiatMinor,
  formatFiatRecord,
  minorToText,
  trySatsToFiatMinor,
} from '../prices/convert';
import { currencyDecimals, type FiatRecord } from '../prices/currencies';
import { cartSale, inUnit, type Sale } from '../sale/sale';
import { unitCurrency, unitDecimals, type FiatUnit } from '../units/unit';
import { amountText } from '../units/amount';
import { priceInUnit } from './cart-unit';
import type { Discount } from '../sale/discount';
import { fiatAt } from '../sale/sale-fiat';
import {
  priceCart,
  saleLinesOf,
  type CartTotals,
  unitSats,
  type CartLine,
  type PriceUsed,
  type PricingRules,
  type TipChoice,
} from './cart';
import { categoriesOf, findItems, itemByCode, type CatalogItem, type ItemPrice } from './item';
import { defaultPicks, hasOptions, pickedOptions, pricedWith } from './item-options';
import type { StockLevel } from './stock';

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
  /** counted stock is out: the tile is greyed and does not add (docs/behaviour.md "Stock") */
  soldOut?: boolean;
  /** counted stock is at or under its low mark */
  low?: boolean;
}

/** The chooser of an item with options: its groups with each choice's price change. */
export interface ChoiceView {
  id: string;
  name: string;
  groups: Array<{
    id: string;
    name: string;
    pick: 'one' | 'any';
    choices: Array<{
      id: string;
      name: string;
      /** the price change as tile figures (sats, or the currency's minor units), signed */
      delta: ItemTile['figures'];
      soldOut?: boolean;
    }>;
  }>;
  /** what the chooser opens with: the first choice of each variant not sold out */
  defaults: string[];
  /** the price of a pick as tile figures; undefined when it is not a valid pick */
  priceOf: (picks: readonly string[]) => ItemTile['figures'] | undefined;
}

/**
 * Sats, and the display currency's text at the price used when there is one; in a cart charging in
 * a fiat unit (`inUnit`), the amount in that unit only.
 */
export interface AmountView {
  /** whole sats; with `inUnit`, the minor units (cents) of the cart's unit, never sats */
  sats: number;
  /** the amount is in the till's fiat unit: `fiatFigures` says it, there are no sats */
  inUnit?: true;
  /** in English figures ("12.30 USD"), for tests and older callers */
  fiat?: string;
  /** the same as figures, for screens that write them in their language (decision 0063) */
  fiatFigures?: { minor: number; currency: string; decimals: number };
}

export interface CartLineView {
  id: string;
  /** the catalog item's; absent for a custom amount, whose stored name is shown translated */
  itemId?: string;
  name: string;
  quantity: number;
  /** absent while the line has no price (a fiat price without the currency's price) */
  amount?: AmountView;
  /** sats off this line (its own discount and its share of the cart's), when any */
  discountSats?: number;
  /** the line's own discount as entered, when one was given */
  discount?: Discount;
}

/** The fiat unit a cart charges in, as its screens write and read amounts. */
export interface CartUnitView {
  unit: FiatUnit;
  /** "USD" */
  currency: string;
  decimals: number;
}

export interface CartSummary {
  lines: CartLineView[];
  /** why the cart cannot be charged; absent when it can (or is empty) */
  problem?: 'no-price' | 'too-large' | 'other-currency' | 'no-rate';
  /**
   * with 'no-price' or 'other-currency': the currency the unpriced line is priced in; with
   * 'no-rate': the till's
   */
  problemCurrency?: string;
  /** the till's fiat unit when the cart charges in one (every amount is then in it); absent: sats */
  unit?: CartUnitView;
  totals?: {
    subtotal: AmountView;
    /** every discount, when there is one */
    discount?: AmountView;
    /** each rate's tax, added on top or inside the prices */
    taxes: Array<{ rate: number; amount: AmountView }>;
    /** the tax added on top of the prices (every rate's), when there is any */
    addedTax?: AmountView;
    tip: AmountView;
    total: AmountView;
  };
  /** the one charge: the sale of the total, its lines and its fiat record at the price used */
  charge?: Sale;
}

function figuresOf(
  price: ItemPrice,
  used: PriceUsed | undefined,
  unit?: FiatUnit,
): ItemTile['figures'] {
  if (unit) return unitFiguresOf(price, used, unit);
  if (price.unit === 'sat') return { sats: price.sats };
  const sats = unitSats(price, used);
  return {
    ...(sats === undefined ? {} : { sats }),
    fiat: {
      minor: price.minor,
      currency: price.currency,
      decimals: currencyDecimals(price.currency),
    },
  };
}

/**
 * A price's figures in a till charging in `unit`: the till's currency alone, a price in sats with
 * what it is charged in the unit (when the price allows), another currency as it is (it is refused
 * when added).
 */
function unitFiguresOf(
  price: ItemPrice,
  used: PriceUsed | undefined,
  unit: FiatUnit,
): ItemTile['figures'] {
  if (price.unit === 'fiat') {
    const { minor, currency } = price;
    return { fiat: { minor, currency, decimals: currencyDecimals(currency) } };
  }
  const charged = priceInUnit(price, unit, used);
  const code = unitCurrency(unit);
  return {
    sats: price.sats,
    ...(charged.ok
      ? { fiat: { minor: charged.minor, currency: code, decimals: unitDecimals(unit) } }
      : {}),
  };
}

/** The chooser's view of an item with options at the price used, sold-out choices marked. */
export function choiceView(
  item: CatalogItem,
  used: PriceUsed | undefined,
  stock?: ReadonlyMap<string, StockLevel>,
  unit?: FiatUnit,
): ChoiceView {
  const out = (choiceId: string) => stock?.get(`${item.id}/${choiceId}`)?.soldOut === true;
  const groups = (item.options ?? []).map((group) => ({
    id: group.id,
    name: group.name,
    pick: group.pick,
    choices: group.choices.map((c) => ({
      id: c.id,
      name: c.name,
      delta:
        item.price.unit === 'sat'
          ? { sats: c.delta }
          : {
              fiat: {
                minor: c.delta,
                currency: item.price.currency,
                decimals: currencyDecimals(item.price.currency),
              },
            },
      ...(out(c.id) ? { soldOut: true } : {}),
    })),
  }));
  const firsts = groups
    .filter((g) => g.pick === 'one')
    .map((g) => (g.choices.find((c) => !c.soldOut) ?? g.choices[0]!).id);
  return {
    id: item.id,
    name: item.name,
    groups,
    defaults: firsts.length > 0 ? firsts : defaultPicks(item),
    priceOf: (picks) => {
      const picked = pickedOptions(item, picks);
      const price = picked && pricedWith(item.price, picked);
      return price ? figuresOf(price, used, unit) : undefined;
    },
  };
}

export function itemTile(
  item: CatalogItem,
  used: PriceUsed | undefined,
  unit?: FiatUnit,
): ItemTile {
  const figures = figuresOf(item.price, used, unit);
  if (unit) {
    const { sats, fiat } = figures;
    const texts = [
      fiat && formatFiatMinor(fiat.minor, fiat.currency),
      sats !== undefined && `${formatSats(sats)} sats`,
    ];
    return { id: item.id, name: item.name, price: texts.filter(Boolean).join(' · '), figures };
  }
  if (item.price.unit === 'sat') {
    return { id: item.id, name: item.name, price: `${formatSats(item.price.sats)} sats`, figures };
  }
  const fiat = formatFiatMinor(item.price.minor, item.price.currency);
  const { sats } = figures;
  return {
    id: item.id,
    name: item.name,
    price: sats === undefined ? fiat : `${fiat} · ${formatSats(sats)} sats`,
    figures,
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

/** `minor` of the cart's fiat unit: that unit's figures only, never sats. */
export function unitAmountView(minor: number, unit: FiatUnit): AmountView {
  return {
    sats: minor,
    inUnit: true,
    fiat: amountText({ unit, minor }),
    fiatFigures: { minor, currency: unitCurrency(unit), decimals: unitDecimals(unit) },
  };
}

/**
 * The sale of totals in a fiat unit: charged in it, with the fiat record of the price used when a
 * line priced in sats was converted at it (decision 0089).
 */
function unitSale(totals: CartTotals, unit: FiatUnit, used: PriceUsed | undefined): Sale {
  const decimals = unitDecimals(unit);
  const record: FiatRecord | undefined =
    totals.converted && used
      ? {
          currency: used.currency,
          price: used.price,
          value: Number(minorToText(totals.totalSats, decimals)),
          ...(used.time === undefined ? {} : { time: used.time }),
        }
      : undefined;
  return inUnit(cartSale(totals.totalSats, saleLinesOf(totals), record), unit);
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
  const { unit } = rules;
  const amountOf = (n: number) => (unit ? unitAmountView(n, unit) : amountView(n, used));
  const unitView = unit
    ? { unit: { unit, currency: unitCurrency(unit), decimals: unitDecimals(unit) } }
    : {};
  const views = lines.map((line): CartLineView => {
    const priced = totals?.lines.find((l) => l.lineId === line.id);
    return {
      id: line.id,
      ...(line.itemId !== undefined ? { itemId: line.itemId } : {}),
      name: line.name,
      quantity: line.quantity,
      ...(priced ? { amount: amountOf(priced.lineSats) } : {}),
      ...(priced?.discountSats ? { discountSats: priced.discountSats } : {}),
      ...(line.discount ? { discount: line.discount } : {}),
    };
  });
  if (!totals) {
    return {
      lines: views,
      ...unitView,
      ...(pricing.ok === false && pricing.problem !== 'empty' ? { problem: pricing.problem } : {}),
      ...(pricing.ok === false && pricing.currency ? { problemCurrency: pricing.currency } : {}),
    };
  }
  return {
    lines: views,
    ...unitView,
    totals: {
      subtotal: amountOf(totals.subtotalSats),
      ...(totals.discountSats ? { discount: amountOf(totals.discountSats) } : {}),
      ...(totals.taxSats ? { addedTax: amountOf(totals.taxSats) } : {}),
      taxes: totals.rates
        .filter((row) => !!row.rate)
        .map((row) => ({ rate: row.rate!, amount: amountOf(row.taxSats) })),
      tip: amountOf(totals.tipSats),
      total: amountOf(totals.totalSats),
    },
    charge: unit
      ? unitSale(totals, unit, used)
      : cartSale(totals.totalSats, saleLinesOf(totals), fiatAt(totals.totalSats, used)),
  };
}

/** The catalog as the item grid uses it: its categories, a filter, and look-ups by id and code. */
export interface CatalogView {
  categories: string[];
  /** the tiles of the items matching the search text and category (all when both are empty) */
  tilesFor: (query: string, category: string | undefined) => ItemTile[];
  byId: (id: string) => CatalogItem | undefined;
  byCode: (code: string) => CatalogItem | undefined;
  /** the chooser of an item with options; undefined for an item without (a tap adds it) */
  choiceFor: (id: string) => ChoiceView | undefined;
  /** whether counted stock of the item is out (then it is not added) */
  soldOut: (id: string) => boolean;
}

/** `stock`: counted levels by item id (and `${itemId}/${choiceId}`); absent: nothing counted. */
export function catalogView(
  items: readonly CatalogItem[],
  used: PriceUsed | undefined,
  stock?: ReadonlyMap<string, StockLevel>,
  unit?: FiatUnit,
): CatalogView {
  const ids = new Map(items.map((item) => [item.id, item]));
  const tiles = new Map(
    items.map((item) => {
      const level = stock?.get(item.id);
      const tile = itemTile(item, used, unit);
      return [
        item.id,
        level
          ? { ...tile, ...(level.soldOut ? { soldOut: true } : level.low ? { low: true } : {}) }
          : tile,
      ];
    }),
  );
  return {
    choiceFor: (id) => {
      const item = ids.get(id);
      return item && hasOptions(item) ? choiceView(item, used, stock, unit) : undefined;
    },
    soldOut: (id) => stock?.get(id)?.soldOut === true,
    categories: categoriesOf(items),
    tilesFor: (query, category) =>
      findItems(items, query, category).map((item) => tiles.get(item.id)!),
    byId: (id) => ids.get(id),
    byCode: (code) => itemByCode(items, code),
  };
}
