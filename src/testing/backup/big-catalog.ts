// A large item catalog for the backup tests: `n` items with names, prices in sats and in euros,
// categories, tax rates and SKUs, the same every run (a seeded generator), ordered as the store lists them.
import type { CatalogItem } from '../../core/items/item';

const WORDS = [
  'Flat',
  'white',
  'Cheesecake',
  'Latte',
  'Espresso',
  'Croissant',
  'Bagel',
  'Sandwich',
  'Tea',
  'Green',
  'Large',
  'Small',
  'Oat',
  'Milk',
  'Chocolate',
  'Muffin',
  'Blueberry',
  'Lemon',
  'Tart',
  'Soup',
  'Café',
  'Brötchen',
  'Matcha',
  'Chai',
];
const CATEGORIES = ['Coffee', 'Food', 'Drinks', 'Bakery', 'Specials'];

/** mulberry32: a small seeded generator, so the items are the same every run. */
function generator(seed: number) {
  let state = seed >>> 0;
  return (n: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
}

export function catalogOfSize(n: number, seed = 42): CatalogItem[] {
  const next = generator(seed);
  const hex = (length: number) => Array.from({ length }, () => next(16).toString(16)).join('');
  return Array.from({ length: n }, (_, i) => {
    const words = Array.from({ length: 2 + next(4) }, () => WORDS[next(WORDS.length)]);
    const taxed = i % 3 !== 0;
    return {
      id: `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`,
      name: `${words.join(' ')} ${i + 1}`,
      price:
        i % 2 === 0
          ? { unit: 'fiat', currency: 'EUR', minor: 100 + next(5_000) }
          : { unit: 'sat', sats: 100 + next(100_000) },
      category: CATEGORIES[next(CATEGORIES.length)] as string,
      ...(taxed ? { taxRatePercent: [7, 7.5, 19, 20.25][next(4)] as number } : {}),
      sku: String(4_006_381_000_000 + next(1_000_000)),
      enabled: i % 17 !== 0,
      position: i + 1,
    };
  });
}
