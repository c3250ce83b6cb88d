import { describe, expect, it } from 'vitest';
import {
  catalogFromCsv,
  catalogToCsv,
  decimalToMinor,
  idOnTwoRows,
  mergeImport,
  notACurrency,
  optionsFromText,
  parseCsv,
  priceDecimalsInvalid,
  tooManyItems,
} from './catalog-csv';
import { nameTooLong, type CatalogItem } from './item';
import { OPTIONS_INVALID, OPTIONS_PRICE_TOO_LOW } from './item-options';
import { LATTE } from '../../testing/items/catalog';

const items: CatalogItem[] = [
  {
    id: 'a',
    name: 'Coffee, large',
    price: { unit: 'sat', sats: 2500 },
    category: 'Drinks',
    enabled: true,
    position: 0,
  },
  {
    id: 'b',
    name: '=Cake "special"',
    price: { unit: 'fiat', currency: 'USD', minor: 350 },
    taxRatePercent: 7.5,
    sku: '4006381333931',
    enabled: false,
    position: 1,
  },
];

function ids() {
  let n = 0;
  return () => `new${++n}`;
}

describe('catalog CSV', () => {
  it('exports and imports back the same items', () => {
    const csv = catalogToCsv(items);
    expect(csv.split('\r\n')[0]).toBe(
      'id,name,price,currency,category,tax_rate,sku,enabled,options',
    );
    const back = catalogFromCsv(csv, items, ids());
    expect(back).toEqual({ ok: true, items });
  });

  it('adds rows without an id after the existing items', () => {
    const csv = 'name,price,currency\r\nTea,1.20,EUR\r\nWater,500,\r\n';
    const result = catalogFromCsv(csv, items, ids());
    expect(result).toEqual({
      ok: true,
      items: [
        {
          id: 'new1',
          name: 'Tea',
          price: { unit: 'fiat', currency: 'EUR', minor: 120 },
          enabled: true,
          position: 2,
        },
        {
          id: 'new2',
          name: 'Water',
          price: { unit: 'sat', sats: 500 },
          enabled: true,
          position: 3,
        },
      ],
    });
    if (result.ok)
      expect(mergeImport(items, result.items).map((i) => i.id)).toEqual(['a', 'b', 'new1', 'new2']);
  });

  it('names every bad row and imports nothing', () => {
    const csv = [
      'name,price,currency,tax_rate,enabled',
      'Good,100,SAT,,yes',
      ',100,SAT,,yes',
      'Bad price,1.5,SAT,,yes',
      'Bad fiat,1.234,USD,,yes',
      'Bad currency,1,DOLLARS,,yes',
      'Bad tax,100,SAT,150,yes',
      'Bad tax text,100,SAT,lots,yes',
      'Bad enabled,100,SAT,,maybe',
      'Zero,0,SAT,,yes',
    ].join('\n');
    const result = catalogFromCsv(csv, [], ids());
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => e.line)).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    expect(result.errors[0]!.message).toBe('Give the item a name.');
    expect(result.errors[1]!.message).toBe('The price must be a whole number of sats above zero.');
    expect(result.errors[3]!.message).toContain('not a currency');
    expect(result.errors[6]!.message).toBe('Enabled must be yes or no.');
  });

  it('refuses a file without a header, or with the same id twice', () => {
    expect(catalogFromCsv('Coffee,100\n', [], ids()).ok).toBe(false);
    const twice = catalogFromCsv('id,name,price\nx,A,1\nx,B,2\n', [], ids());
    expect(twice).toEqual({
      ok: false,
      errors: [
        {
          line: 3,
          message: 'The id x is on two rows.',
          text: { key: 'CSV_ID_TWICE', values: { id: 'x' } },
        },
      ],
    });
    expect(catalogFromCsv('name,price\n', [], ids()).ok).toBe(false);
  });

  it('parses quotes, CRLF and a BOM', () => {
    expect(parseCsv('\uFEFFa,"b,""c"""\r\n"d\ne",f\r\n')).toEqual([
      ['a', 'b,"c"'],
      ['d\ne', 'f'],
    ]);
  });

  it('reads decimals exactly', () => {
    expect(decimalToMinor('12.5', 2)).toBe(1250);
    expect(decimalToMinor('0.07', 2)).toBe(7);
    expect(decimalToMinor('12.345', 2)).toBeUndefined();
    expect(decimalToMinor('-1', 2)).toBeUndefined();
    expect(decimalToMinor('1e3', 2)).toBeUndefined();
  });
});

describe("a row's problems with a figure", () => {
  it('name their catalog key and values beside the English', () => {
    expect([
      notACurrency('EURO'),
      priceDecimalsInvalid(2),
      idOnTwoRows('a1'),
      tooManyItems(2000),
    ]).toEqual([
      {
        message: '"EURO" is not a currency (use SAT or a code such as USD).',
        text: { key: 'CSV_NOT_A_CURRENCY', values: { currency: 'EURO' } },
      },
      {
        message: 'The price must be a number above zero with at most 2 decimals.',
        text: { key: 'CSV_PRICE_DECIMALS', values: { decimals: 2 } },
      },
      {
        message: 'The id a1 is on two rows.',
        text: { key: 'CSV_ID_TWICE', values: { id: 'a1' } },
      },
      {
        message: 'A catalog holds at most 2,000 items.',
        text: { key: 'CSV_TOO_MANY_ITEMS', values: { max: 2000 } },
      },
    ]);
    expect(nameTooLong(80)).toEqual({
      message: 'Keep the name under 80 characters.',
      text: { key: 'ITEM_NAME_TOO_LONG', values: { max: 80 } },
    });
  });
});

describe('catalog CSV options', () => {
  it('writes a latte with a size and extras in the options column and reads it back', () => {
    const csv = catalogToCsv([LATTE]);
    expect(csv).toContain(
      'Size: small -0.50 | large +0.50; Extras (any): oat milk +0.50 | extra shot +0.75',
    );
    expect(catalogFromCsv(csv, [LATTE], ids())).toEqual({ ok: true, items: [LATTE] });
  });

  it('reads options of a new item with ids from their names, sats changes as whole sats', () => {
    const csv = 'name,price,currency,options\r\nTea,1000,SAT,Cup: mug | pot +1500\r\n';
    const result = catalogFromCsv(csv, [], ids());
    expect(result.ok && result.items[0]?.options).toEqual([
      {
        id: 'cup',
        name: 'Cup',
        pick: 'one',
        choices: [
          { id: 'mug', name: 'mug', delta: 0 },
          { id: 'pot', name: 'pot', delta: 1500 },
        ],
      },
    ]);
    expect(optionsFromText('Cup: mug | pot +1500', { unit: 'sat', sats: 1000 })).toEqual(
      result.ok ? result.items[0]?.options : undefined,
    );
  });

  it('names the row whose options cannot be read or bring the price to zero', () => {
    const csv =
      'name,price,currency,options\r\nTea,1.00,USD,Cup mug\r\nCake,1.00,USD,Size: tiny -1.00\r\n';
    expect(catalogFromCsv(csv, [], ids())).toEqual({
      ok: false,
      errors: [
        { line: 2, message: OPTIONS_INVALID },
        { line: 3, message: OPTIONS_PRICE_TOO_LOW },
      ],
    });
  });
});
