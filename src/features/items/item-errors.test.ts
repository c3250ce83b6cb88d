// Why an item or a CSV row is refused, in the merchant's language: English exactly as core writes
// it, Spanish from the catalog with the row's figures grouped as Spanish groups them.
import { describe, expect, it } from 'vitest';
import { ENGLISH_FORMATS } from '../../core/i18n/formats';
import * as csv from '../../core/items/catalog-csv';
import {
  ITEM_NAME_MISSING,
  ITEM_PRICE_MISSING,
  itemProblemWords,
  nameTooLong,
  TAX_RATE_INVALID,
} from '../../core/items/item';
import { spanishTexts } from '../../testing/ui/spanish';
import { englishText } from '../../ui/i18n';
import { itemErrorText } from './item-errors';
import * as SPANISH from './locales/item-errors/es.json';

const english = (said: unknown) => itemErrorText(englishText, ENGLISH_FORMATS, said);
const { t, formats } = spanishTexts(SPANISH);
const spanish = (said: unknown) => itemErrorText(t, formats, said);

const FIXED = [
  ITEM_NAME_MISSING,
  ITEM_PRICE_MISSING,
  TAX_RATE_INVALID,
  csv.CSV_HEADER_MISSING,
  csv.CSV_SATS_PRICE_INVALID,
  csv.CSV_ENABLED_INVALID,
  csv.CSV_NO_ITEMS,
];
const WITH_FIGURES = [
  nameTooLong(80),
  csv.notACurrency('EURO'),
  csv.priceDecimalsInvalid(2),
  csv.idOnTwoRows('a1'),
  csv.tooManyItems(2000),
];

describe('item errors in the language', () => {
  it('read in English exactly as core writes them', () => {
    for (const message of FIXED) expect(english(message)).toBe(message);
    for (const words of WITH_FIGURES) expect(english(words)).toBe(words.message);
    expect(csv.tooManyItems(2000).message).toBe('A catalog holds at most 2,000 items.');
  });

  it('say every one in Spanish', () => {
    for (const said of [...FIXED, ...WITH_FIGURES]) {
      const message = typeof said === 'string' ? said : said.message;
      expect(spanish(said), message).not.toBe(message);
    }
    expect(spanish(csv.tooManyItems(2000))).toBe('Un catálogo tiene como máximo 2000 artículos.');
    expect(spanish(csv.notACurrency('EURO'))).toBe(
      '«EURO» no es una moneda (usa SAT o un código como USD).',
    );
  });

  it("name each CSV row's problem by its key, with its figures", () => {
    const result = csv.catalogFromCsv(
      'id,name,price,currency\na1,Tea,5,EURO\na1,Cake,1.234,USD\n,,3,SAT\n',
      [],
      () => 'new',
    );
    expect(result.ok).toBe(false);
    const errors = result.ok ? [] : result.errors;
    expect(errors.map((e) => [e.line, e.text?.key ?? e.message])).toEqual([
      [2, 'CSV_NOT_A_CURRENCY'],
      [3, 'CSV_PRICE_DECIMALS'],
      [4, ITEM_NAME_MISSING],
    ]);
    expect(errors[1]!.text?.values).toEqual({ decimals: 2 });
    expect(errors.map(spanish)).toEqual([
      '«EURO» no es una moneda (usa SAT o un código como USD).',
      'El precio debe ser un número mayor que cero con 2 decimales como máximo.',
      'Pon un nombre al artículo.',
    ]);
  });

  it('say an item whose name is too long with its figure', () => {
    const item = { name: 'n'.repeat(81), price: { unit: 'sat' as const, sats: 1 }, enabled: true };
    expect(itemProblemWords(item)).toEqual(nameTooLong(80));
    expect(spanish(itemProblemWords(item))).toBe('El nombre debe tener menos de 80 caracteres.');
    expect(itemProblemWords({ ...item, name: 'Tea' })).toBeNull();
  });
});
