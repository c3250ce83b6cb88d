// Catalog items for the cart tests: a coffee at 2,500 sats (drinks, code 4001), a cake at 3.50 USD
// taxed at 7.5 % (food), the USD price at which that cake is 3,500 sats, and a builder for others.
import type { CatalogItem } from '../../core/items/item';

export const COFFEE: CatalogItem = {
  id: 'coffee',
  name: 'Coffee',
  price: { unit: 'sat', sats: 2500 },
  category: 'Drinks',
  sku: '4001',
  enabled: true,
  position: 0,
};

export const CAKE: CatalogItem = {
  id: 'cake',
  name: 'Cake',
  price: { unit: 'fiat', currency: 'USD', minor: 350 },
  category: 'Food',
  taxRatePercent: 7.5,
  enabled: true,
  position: 1,
};

/** 100,000 USD a bitcoin. */
export const USD_PRICE = { currency: 'USD', price: 100_000 };

/** An item on sale at the first place of the grid, unless `fields` say otherwise. */
export function catalogItem(
  fields: Pick<CatalogItem, 'id' | 'name' | 'price'> & Partial<CatalogItem>,
): CatalogItem {
  return { enabled: true, position: 0, ...fields };
}

/** A latte at 3.00 USD in two sizes (small -0.50, large +0.50) with oat milk (+0.50) or a shot (+0.75). */
export const LATTE: CatalogItem = {
  id: 'latte',
  name: 'Latte',
  price: { unit: 'fiat', currency: 'USD', minor: 300 },
  enabled: true,
  position: 2,
  options: [
    {
      id: 'size',
      name: 'Size',
      pick: 'one',
      choices: [
        { id: 'small', name: 'small', delta: -50 },
        { id: 'large', name: 'large', delta: 50 },
      ],
    },
    {
      id: 'extras',
      name: 'Extras',
      pick: 'any',
      choices: [
        { id: 'oat', name: 'oat milk', delta: 50 },
        { id: 'shot', name: 'extra shot', delta: 75 },
      ],
    },
  ],
};
