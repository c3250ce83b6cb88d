// What the shop's books need beyond its name: address and tax number for the receipt, whether
// prices include tax by default, how tax is rounded and who may give discounts (docs/behaviour.md
// "Settings", docs/decisions/0064-tax-by-rate-and-receipts.md).
import type { PricingRules } from '../items/cart';
import { TAX_ROUNDINGS, type TaxRounding } from '../sale/tax';

/** Who may give a discount: any cashier at the till, or only with the merchant's PIN. */
export type DiscountPermission = 'anyone' | 'pin';

export interface BooksSettings {
  /** printed under the shop name; line breaks kept */
  address: string;
  /** VAT or tax number, printed on the receipt */
  taxNumber: string;
  /** the default for items that do not say whether their price includes tax */
  pricesIncludeTax: boolean;
  taxRounding: TaxRounding;
  discounts: DiscountPermission;
}

export const DEFAULT_BOOKS_SETTINGS: BooksSettings = {
  address: '',
  taxNumber: '',
  pricesIncludeTax: false,
  taxRounding: 'line',
  discounts: 'anyone',
};

export const ADDRESS_MAX = 200;
export const TAX_NUMBER_MAX = 40;

/** Control characters other than line breaks, and the bidirectional controls (as shop-name.ts). */
const UNSAFE = /[^\P{Cc}\n]|[\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

function cleanText(value: unknown, max: number, lines: boolean): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value
    .replace(UNSAFE, ' ')
    .replace(lines ? /[^\S\n]+/gu : /\s+/gu, ' ')
    .replace(/ *\n */gu, '\n')
    .trim();
  return Array.from(text).length > max ? undefined : text;
}

/**
 * Settings read from a stored row or a backup: each field that is sound is taken, any other keeps
 * the default (an address or tax number too long is refused, not cut).
 */
export function booksSettingsFrom(value: unknown): BooksSettings {
  const v = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const d = DEFAULT_BOOKS_SETTINGS;
  return {
    address: cleanText(v.address, ADDRESS_MAX, true) ?? d.address,
    taxNumber: cleanText(v.taxNumber, TAX_NUMBER_MAX, false) ?? d.taxNumber,
    pricesIncludeTax:
      typeof v.pricesIncludeTax === 'boolean' ? v.pricesIncludeTax : d.pricesIncludeTax,
    taxRounding: TAX_ROUNDINGS.includes(v.taxRounding as TaxRounding)
      ? (v.taxRounding as TaxRounding)
      : d.taxRounding,
    discounts: v.discounts === 'pin' || v.discounts === 'anyone' ? v.discounts : d.discounts,
  };
}

/** What is wrong with typed settings, or undefined when they can be saved. */
export function booksSettingsProblem(
  settings: Pick<BooksSettings, 'address' | 'taxNumber'>,
): 'address-too-long' | 'tax-number-too-long' | undefined {
  if (cleanText(settings.address, ADDRESS_MAX, true) === undefined) return 'address-too-long';
  if (cleanText(settings.taxNumber, TAX_NUMBER_MAX, false) === undefined) {
    return 'tax-number-too-long';
  }
  return undefined;
}

/** The cart's pricing rules these settings make. */
export function pricingRulesOf(settings: BooksSettings): PricingRules {
  return { rounding: settings.taxRounding, pricesIncludeTax: settings.pricesIncludeTax };
}

export interface BooksSettingsStore {
  /** the defaults when never saved or unreadable */
  get(): Promise<BooksSettings>;
  set(settings: BooksSettings): Promise<void>;
}
