// A catalog item the merchant sells: its price in sats or in a display currency, optional category,
// tax rate and SKU/barcode, and whether it is on sale (docs/decisions/0033-items-cart-tax.md).
import { errorWords, ValidationError, type ErrorWords } from '../errors';
import { isCurrencyCode } from '../prices/currencies';
import { MAX_SATS } from '../prices/convert';
import { normaliseOptions, optionsProblem, type OptionGroup } from './item-options';

/** A price fixed in sats, or in a currency's minor units (cents) converted at the price used. */
export type ItemPrice =
  { unit: 'sat'; sats: number } | { unit: 'fiat'; currency: string; minor: number };

export interface CatalogItem {
  id: string;
  name: string;
  price: ItemPrice;
  category?: string;
  /** percent, 0 to 100 with at most two decimals (7.5 is 7.5 %) */
  taxRatePercent?: number;
  /** the price holds the tax (shelf price with VAT); absent: the shop's default (decision 0064) */
  taxIncluded?: boolean;
  /** SKU or barcode, matched exactly by search and scan */
  sku?: string;
  enabled: boolean;
  /** sort order in the grid, ascending */
  position: number;
  /** variants and modifiers (docs/behaviour.md "Variants and modifiers"); absent: none */
  options?: OptionGroup[];
}

export const MAX_NAME_LENGTH = 80;
export const MAX_ITEMS = 2000;

/** A tax rate the arithmetic takes: 0 to 100 with at most two decimals. */
export function isTaxRate(rate: unknown): rate is number {
  return (
    typeof rate === 'number' &&
    Number.isFinite(rate) &&
    rate >= 0 &&
    rate <= 100 &&
    Number.isInteger(Math.round(rate * 100)) &&
    Math.abs(Math.round(rate * 100) - rate * 100) < 1e-6
  );
}

export function isItemPrice(price: unknown): price is ItemPrice {
  if (typeof price !== 'object' || price === null) return false;
  const p = price as Record<string, unknown>;
  if (p.unit === 'sat') {
    return (
      typeof p.sats === 'number' && Number.isSafeInteger(p.sats) && p.sats > 0 && p.sats <= MAX_SATS
    );
  }
  return (
    p.unit === 'fiat' &&
    isCurrencyCode(p.currency) &&
    typeof p.minor === 'number' &&
    Number.isSafeInteger(p.minor) &&
    p.minor > 0
  );
}

export const ITEM_NAME_MISSING = 'Give the item a name.';
export const ITEM_PRICE_MISSING = 'Give the item a price above zero.';
export const TAX_RATE_INVALID = 'A tax rate is a percent from 0 to 100, at most two decimals.';

/** Why an item cannot be saved, in the merchant's words; null when it can. */
export function itemProblem(item: Omit<CatalogItem, 'id' | 'position'>): string | null {
  const name = item.name.trim();
  if (!name) return ITEM_NAME_MISSING;
  if (name.length > MAX_NAME_LENGTH) return `Keep the name under ${MAX_NAME_LENGTH} characters.`;
  if (!isItemPrice(item.price)) return ITEM_PRICE_MISSING;
  if (item.taxRatePercent !== undefined && !isTaxRate(item.taxRatePercent)) {
    return TAX_RATE_INVALID;
  }
  return optionsProblem(item.options, item.price);
}

/** `max` is a count of characters, not sats. */
export const nameTooLong = (max: number) =>
  errorWords('ITEM_NAME_TOO_LONG', { max }, `Keep the name under ${max} characters.`);

/**
 * The same problem for a screen's language: a fixed message, or with its figure as its catalog
 * key and values (docs/decisions/0063-texts-from-domain-values.md). Kept apart from
 * `itemProblem`, which the first screen's storage runs, so that screen carries none of it.
 */
export function itemProblemWords(
  item: Omit<CatalogItem, 'id' | 'position'>,
): ErrorWords | string | null {
  const problem = itemProblem(item);
  const tooLong = nameTooLong(MAX_NAME_LENGTH);
  return problem === tooLong.message ? tooLong : problem;
}

/** The item as it is stored: trimmed, empty optional fields left out; throws when it is not sound. */
export function normaliseItem(item: CatalogItem): CatalogItem {
  const problem = itemProblem(item);
  if (problem) throw new ValidationError(problem);
  const category = item.category?.trim();
  const sku = item.sku?.trim();
  const stored: CatalogItem = {
    id: item.id,
    name: item.name.trim(),
    price: { ...item.price },
    ...(category ? { category } : {}),
    ...(item.taxRatePercent ? { taxRatePercent: item.taxRatePercent } : {}),
    ...(typeof item.taxIncluded === 'boolean' ? { taxIncluded: item.taxIncluded } : {}),
    ...(sku ? { sku } : {}),
    enabled: item.enabled,
    position: item.position,
  };
  const options = normaliseOptions(item.options);
  return options ? { ...stored, options } : stored;
}

/** The grid's order: by position, then name so equal positions are stable. */
export function sortItems(items: readonly CatalogItem[]): CatalogItem[] {
  return [...items].sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
}

/** Categories in the order their first item appears. */
export function categoriesOf(items: readonly CatalogItem[]): string[] {
  const seen = new Set<string>();
  for (const item of sortItems(items)) if (item.category) seen.add(item.category);
  return [...seen];
}

/** Enabled items of a category (all when none) whose name or SKU holds the query; an exact SKU first. */
export function findItems(
  items: readonly CatalogItem[],
  query: string,
  category?: string,
): CatalogItem[] {
  const q = query.trim().toLowerCase();
  const shown = sortItems(items).filter(
    (item) => item.enabled && (category === undefined || item.category === category),
  );
  if (!q) return shown;
  const exact = shown.filter((item) => item.sku?.toLowerCase() === q);
  const rest = shown.filter(
    (item) =>
      !exact.includes(item) &&
      (item.name.toLowerCase().includes(q) || (item.sku?.toLowerCase().includes(q) ?? false)),
  );
  return [...exact, ...rest];
}

/** The enabled item whose SKU/barcode is exactly `code`, for a scan. */
export function itemByCode(items: readonly CatalogItem[], code: string): CatalogItem | undefined {
  const c = code.trim();
  return c ? items.find((item) => item.enabled && item.sku === c) : undefined;
}
