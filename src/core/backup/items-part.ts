// The `items` part of the app data backup (core/backup/app-data.ts): the item catalog, encrypted to
// the merchant's own key like the settings part, in chunks once it outgrows one event
// (docs/protocol.md, "App data backup"). A restore takes the whole catalog or nothing: one item
// that fails its check refuses the part.
import { ValidationError } from '../errors';
import { MAX_ITEMS, normaliseItem, type CatalogItem } from '../items/item';
import type { ItemStore } from '../items/ports';
import type { AppDataPart } from './app-data';

export interface ItemsBackup {
  items: CatalogItem[];
}

/** Every item checked as the catalog checks it; throws, naming the first that fails. */
export function readItemsBackup(value: unknown): CatalogItem[] {
  if (typeof value !== 'object' || value === null || !Array.isArray((value as ItemsBackup).items)) {
    throw new ValidationError('The items backup is not a list of items.');
  }
  const items = (value as ItemsBackup).items as unknown[];
  if (items.length > MAX_ITEMS) throw new ValidationError('The items backup holds too many items.');
  const ids = new Set<string>();
  return items.map((raw, index) => {
    const item = raw as Partial<CatalogItem> | null;
    if (
      typeof item !== 'object' ||
      item === null ||
      typeof item.id !== 'string' ||
      item.id === '' ||
      ids.has(item.id) ||
      typeof item.name !== 'string' ||
      typeof item.enabled !== 'boolean' ||
      typeof item.position !== 'number' ||
      !Number.isFinite(item.position) ||
      (item.category !== undefined && typeof item.category !== 'string') ||
      (item.sku !== undefined && typeof item.sku !== 'string')
    ) {
      throw new ValidationError(`Item ${index + 1} of the items backup is not an item.`);
    }
    ids.add(item.id);
    try {
      return normaliseItem(item as CatalogItem);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new ValidationError(`Item ${index + 1} of the items backup: ${why}`);
    }
  });
}

export function itemsPart(items: Pick<ItemStore, 'list' | 'putMany'>): AppDataPart<ItemsBackup> {
  return {
    name: 'items',
    collect: async () => ({ items: await items.list() }),
    // putMany writes in one transaction: the catalog comes back whole or not at all.
    apply: async (value) => {
      const restored = readItemsBackup(value);
      if (restored.length > 0) await items.putMany(restored);
    },
  };
}
