// The catalog as CSV: export every item, import a file all or nothing with each bad row named
// (docs/behaviour.md "Items, cart and tips").
import { errorWords, type ErrorText, type ErrorWords } from '../errors';
import { formatSats } from '../format-sats';
import { csvLine } from '../records/csv';
import { currencyDecimals, isCurrencyCode } from '../prices/currencies';
import { minorToText } from '../prices/convert';
import { MAX_CHOICES, MAX_GROUPS, OPTIONS_INVALID, type OptionGroup } from './item-options';
import {
  itemProblemWords,
  MAX_ITEMS,
  TAX_RATE_INVALID,
  type CatalogItem,
  type ItemPrice,
} from './item';

export const CATALOG_CSV_HEADER = [
  'id',
  'name',
  'price',
  'currency',
  'category',
  'tax_rate',
  'sku',
  'enabled',
  'options',
] as const;

/** What a sats price is written as in the currency column. */
export const SATS_CURRENCY = 'SAT';

export function catalogToCsv(items: readonly CatalogItem[]): string {
  let out = csvLine(CATALOG_CSV_HEADER);
  for (const item of items) {
    const price =
      item.price.unit === 'sat'
        ? [String(item.price.sats), SATS_CURRENCY]
        : [
            minorToText(item.price.minor, currencyDecimals(item.price.currency)),
            item.price.currency,
          ];
    out += csvLine([
      item.id,
      item.name,
      price[0],
      price[1],
      item.category ?? '',
      item.taxRatePercent ?? '',
      item.sku ?? '',
      item.enabled ? 'yes' : 'no',
      optionsToText(item.options, item.price),
    ]);
  }
  return out;
}

/** RFC 4180 rows; a formula guard's leading apostrophe (as csvCell writes it) is taken off again. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const src = text.replace(/^\uFEFF/, '');
  while (i < src.length) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (ch === '"') quoted = false;
      else cell += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
    i += 1;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows
    .filter((r) => r.some((c) => c.trim() !== ''))
    .map((r) => r.map((c) => (/^'[=+\-@\t\r]/.test(c) ? c.slice(1) : c)));
}

/** "12.50" in a currency with 2 decimals is 1250; undefined when it is not such a number. */
export function decimalToMinor(text: string, decimals: number): number | undefined {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return undefined;
  const frac = match[2] ?? '';
  if (frac.length > decimals) return undefined;
  const minor = Number(match[1]! + frac.padEnd(decimals, '0'));
  return Number.isSafeInteger(minor) ? minor : undefined;
}

export interface CsvRowError {
  /** the row's line number in the file, the header being line 1 */
  line: number;
  /** English; `text` names its catalog key when it has a figure (core/errors.ts ErrorWords) */
  message: string;
  text?: ErrorText;
}

// A row's problems: fixed English messages, and those with a figure as their catalog key and values
// (docs/decisions/0063-texts-from-domain-values.md).
export const CSV_HEADER_MISSING =
  'The first row must name the columns, with at least name and price.';
export const CSV_SATS_PRICE_INVALID = 'The price must be a whole number of sats above zero.';
export const CSV_ENABLED_INVALID = 'Enabled must be yes or no.';
export const CSV_NO_ITEMS = 'The file has no items.';
export const notACurrency = (currency: string) =>
  errorWords(
    'CSV_NOT_A_CURRENCY',
    { currency },
    `"${currency}" is not a currency (use SAT or a code such as USD).`,
  );
/** `decimals` is a count of digits, not sats. */
export const priceDecimalsInvalid = (decimals: number) =>
  errorWords(
    'CSV_PRICE_DECIMALS',
    { decimals },
    `The price must be a number above zero with at most ${decimals} decimals.`,
  );
export const idOnTwoRows = (id: string) =>
  errorWords('CSV_ID_TWICE', { id }, `The id ${id} is on two rows.`);
/** `max` is a count of items, not sats. */
export const tooManyItems = (max: number) =>
  errorWords('CSV_TOO_MANY_ITEMS', { max }, `A catalog holds at most ${formatSats(max)} items.`);

const rowError = (line: number, problem: ErrorWords | string): CsvRowError =>
  typeof problem === 'string' ? { line, message: problem } : { line, ...problem };

export type CatalogImport =
  { ok: true; items: CatalogItem[] } | { ok: false; errors: CsvRowError[] };

function priceOf(priceText: string, currencyText: string): ItemPrice | ErrorWords | string {
  const currency = currencyText.trim().toUpperCase() || SATS_CURRENCY;
  if (currency === SATS_CURRENCY || currency === 'SATS') {
    const sats = decimalToMinor(priceText, 0);
    return sats && sats > 0 ? { unit: 'sat', sats } : CSV_SATS_PRICE_INVALID;
  }
  if (!isCurrencyCode(currency)) return notACurrency(currencyText);
  const decimals = currencyDecimals(currency);
  const minor = decimalToMinor(priceText, decimals);
  return minor && minor > 0 ? { unit: 'fiat', currency, minor } : priceDecimalsInvalid(decimals);
}

function enabledOf(text: string): boolean | undefined {
  const t = text.trim().toLowerCase();
  if (t === '' || t === 'yes' || t === 'true' || t === '1') return true;
  if (t === 'no' || t === 'false' || t === '0') return false;
  return undefined;
}

/**
 * Items read from a CSV with the export's header (columns in any order; name and price required).
 * Any bad row fails the whole import with every problem listed: nothing is half-imported. A row
 * whose id matches an existing item replaces it; new rows get `newId()` and follow the existing.
 */
export function catalogFromCsv(
  text: string,
  existing: readonly CatalogItem[],
  newId: () => string,
): CatalogImport {
  const rows = parseCsv(text);
  const header = rows[0]?.map((h) => h.trim().toLowerCase());
  if (!header || !header.includes('name') || !header.includes('price')) {
    return {
      ok: false,
      errors: [rowError(1, CSV_HEADER_MISSING)],
    };
  }
  const col = (row: string[], name: string) => {
    const index = header.indexOf(name);
    return index >= 0 ? (row[index] ?? '') : '';
  };
  const errors: CsvRowError[] = [];
  const byId = new Map(existing.map((item) => [item.id, item]));
  const seenIds = new Set<string>();
  let nextPosition = existing.reduce((max, item) => Math.max(max, item.position + 1), 0);
  const imported: CatalogItem[] = [];
  rows.slice(1).forEach((row, index) => {
    const line = index + 2;
    const price = priceOf(col(row, 'price'), col(row, 'currency'));
    if (typeof price === 'string' || 'message' in price)
      return void errors.push(rowError(line, price));
    const enabled = enabledOf(col(row, 'enabled'));
    if (enabled === undefined) return void errors.push(rowError(line, CSV_ENABLED_INVALID));
    const taxText = col(row, 'tax_rate').trim().replace(/%$/, '');
    const tax = taxText === '' ? undefined : Number(taxText);
    const id = col(row, 'id').trim();
    if (id && seenIds.has(id)) return void errors.push(rowError(line, idOnTwoRows(id)));
    if (id) seenIds.add(id);
    const known = id ? byId.get(id) : undefined;
    const category = col(row, 'category').trim();
    const sku = col(row, 'sku').trim();
    const options = optionsFromText(col(row, 'options'), price, known?.options);
    if (typeof options === 'string') return void errors.push(rowError(line, options));
    const item: CatalogItem = {
      id: known ? known.id : newId(),
      name: col(row, 'name').trim(),
      price,
      ...(category ? { category } : {}),
      ...(tax !== undefined ? { taxRatePercent: tax } : {}),
      ...(sku ? { sku } : {}),
      enabled,
      position: known ? known.position : nextPosition++,
      ...(options ? { options } : {}),
    };
    const problem =
      taxText !== '' && !Number.isFinite(tax) ? TAX_RATE_INVALID : itemProblemWords(item);
    if (problem) return void errors.push(rowError(line, problem));
    if (!item.taxRatePercent) delete item.taxRatePercent;
    imported.push(item);
  });
  if (rows.length < 2) errors.push(rowError(1, CSV_NO_ITEMS));
  const replaced = new Set(imported.map((item) => item.id));
  const total = existing.filter((item) => !replaced.has(item.id)).length + imported.length;
  if (total > MAX_ITEMS) errors.push(rowError(1, tooManyItems(MAX_ITEMS)));
  return errors.length > 0 ? { ok: false, errors } : { ok: true, items: imported };
}

/** The catalog after an import: replaced items in place, new ones after. */
export function mergeImport(
  existing: readonly CatalogItem[],
  imported: readonly CatalogItem[],
): CatalogItem[] {
  const byId = new Map(imported.map((item) => [item.id, item]));
  const kept = existing.map((item) => byId.get(item.id) ?? item);
  const known = new Set(existing.map((item) => item.id));
  return [...kept, ...imported.filter((item) => !known.has(item.id))];
}

// The options column and the item editor's options field share one text (docs/behaviour.md
// "Variants and modifiers"): groups split by ';', a group "Name: choice | choice", "(any)" after a
// modifiers group's name, each choice "name +0.50" with its price change in the item's unit.

const ANY_MARK = ' (any)';

function deltaText(delta: number, price: ItemPrice): string {
  if (delta === 0) return '';
  const sign = delta > 0 ? '+' : '-';
  const abs = Math.abs(delta);
  const figure =
    price.unit === 'sat' ? String(abs) : minorToText(abs, currencyDecimals(price.currency));
  return ` ${sign}${figure}`;
}

/** "Size: small -0.50 | large +0.50; Extras (any): oat milk +0.50"; empty without options. */
export function optionsToText(options: readonly OptionGroup[] | undefined, price: ItemPrice) {
  return (options ?? [])
    .map((group) => {
      const choices = group.choices.map((c) => `${c.name}${deltaText(c.delta, price)}`);
      return `${group.name}${group.pick === 'any' ? ANY_MARK : ''}: ${choices.join(' | ')}`;
    })
    .join('; ');
}

/**
 * The groups a text says, undefined for an empty text, or why it cannot be read. A group or choice
 * named as one of `known` keeps its id (and so its stock count and the cashiers' picks).
 */
export function optionsFromText(
  text: string,
  price: ItemPrice,
  known: readonly OptionGroup[] = [],
): OptionGroup[] | undefined | string {
  const ids = new Map<string, string>();
  for (const group of known) {
    ids.set(`g:${group.name.toLowerCase()}`, group.id);
    for (const c of group.choices) ids.set(`c:${c.name.toLowerCase()}`, c.id);
  }
  const idOf = (kind: 'g' | 'c', name: string) =>
    ids.get(`${kind}:${name.toLowerCase()}`) ?? name.toLowerCase().replace(/[\s/]+/g, '-');
  const groups = text
    .split(';')
    .map((g) => g.trim())
    .filter(Boolean);
  if (groups.length === 0) return undefined;
  if (groups.length > MAX_GROUPS) return OPTIONS_INVALID;
  const decimals = price.unit === 'sat' ? 0 : currencyDecimals(price.currency);
  const read: OptionGroup[] = [];
  for (const groupText of groups) {
    const colon = groupText.indexOf(':');
    if (colon < 0) return OPTIONS_INVALID;
    let name = groupText.slice(0, colon).trim();
    const any = name.toLowerCase().endsWith(ANY_MARK);
    if (any) name = name.slice(0, -ANY_MARK.length).trim();
    const parts = groupText.slice(colon + 1).split('|');
    if (parts.length > MAX_CHOICES) return OPTIONS_INVALID;
    const choices = [];
    for (const part of parts) {
      const match = /^(.*?)(?:\s+([+-])\s*(\d+(?:\.\d+)?))?$/.exec(part.trim());
      const minor = match?.[3] === undefined ? 0 : decimalToMinor(match[3], decimals);
      const choiceName = match?.[1]?.trim() ?? '';
      if (minor === undefined || !choiceName) return OPTIONS_INVALID;
      choices.push({
        id: idOf('c', choiceName),
        name: choiceName,
        delta: match![2] === '-' ? -minor : minor,
      });
    }
    read.push({ id: idOf('g', name), name, pick: any ? 'any' : 'one', choices });
  }
  return read;
}
