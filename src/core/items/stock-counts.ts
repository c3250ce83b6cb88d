// The editor's stock fields as counts and back: the item's count and low mark, and the options'
// counts as "large: 20; oat milk: 50" by choice name (docs/behaviour.md "Stock").
import type { CatalogItem } from './item';
import { optionsLabel, type OptionGroup } from './item-options';
import { levelOf, type StockCount, type StockRow } from './stock';

export interface StockTexts {
  count: string;
  lowAt: string;
  /** "large: 20; oat milk: 50" */
  options: string;
}

export const NO_STOCK_TEXTS: StockTexts = { count: '', lowAt: '', options: '' };

const wholeOf = (text: string): number | undefined | null => {
  const t = text.trim();
  if (t === '') return undefined;
  return /^\d+$/.test(t) && Number.isSafeInteger(Number(t)) ? Number(t) : null;
};

/** The fields as they show an item's counted rows (what is left now, as the count to keep). */
export function stockTextsOf(
  itemId: string,
  rows: readonly StockRow[],
  options: readonly OptionGroup[] = [],
): StockTexts {
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const item = byKey.get(itemId);
  const choices = options.flatMap((group) => group.choices);
  const counted = choices.flatMap((c) => {
    const row = byKey.get(`${itemId}/${c.id}`);
    return row ? [`${c.name}: ${Math.max(0, row.left)}`] : [];
  });
  return {
    count: item ? String(Math.max(0, item.left)) : '',
    lowAt: item?.lowAt !== undefined ? String(item.lowAt) : '',
    options: counted.join('; '),
  };
}

/**
 * The counts the fields say, by key (the item's id, `${itemId}/${choiceId}`), or null when a
 * figure is not a whole number of 0 or more or an option is not one of the item's.
 */
export function countsOf(
  itemId: string,
  texts: StockTexts,
  options: readonly OptionGroup[] = [],
): Map<string, Omit<StockCount, 'at'>> | null {
  const counts = new Map<string, Omit<StockCount, 'at'>>();
  const count = wholeOf(texts.count);
  const lowAt = wholeOf(texts.lowAt);
  if (count === null || lowAt === null) return null;
  if (count !== undefined) counts.set(itemId, { count, ...(lowAt !== undefined ? { lowAt } : {}) });
  const byName = new Map(
    options.flatMap((group) => group.choices).map((c) => [c.name.toLowerCase(), c.id]),
  );
  for (const part of texts.options.split(';')) {
    if (!part.trim()) continue;
    const colon = part.lastIndexOf(':');
    const id = byName.get(part.slice(0, colon).trim().toLowerCase());
    const n = colon < 0 ? null : wholeOf(part.slice(colon + 1));
    if (id === undefined || n === null || n === undefined) return null;
    counts.set(`${itemId}/${id}`, { count: n });
  }
  return counts;
}

/** The names of the counted items and choices at or under their low mark, for the editor's notice. */
export function lowStockNames(
  items: readonly Pick<CatalogItem, 'id' | 'name' | 'options'>[],
  rows: readonly StockRow[],
): string[] {
  const low = new Set(rows.filter((row) => levelOf(row).low).map((row) => row.key));
  return items.flatMap((item) => [
    ...(low.has(item.id) ? [item.name] : []),
    ...(item.options ?? [])
      .flatMap((group) => group.choices)
      .filter((c) => low.has(`${item.id}/${c.id}`))
      .map((c) => optionsLabel(item.name, [c])),
  ]);
}
