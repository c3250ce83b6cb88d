// A cart in a till charging in dollars: items in dollars charge their cents as they are, items in
// sats are converted at the price rounded up to the cent, a third currency is refused by name, and
// tax, discounts and the tip are worked in cents into a sale in usd the sale check passes.
import { describe, expect, it } from 'vitest';
import { checkSale } from '../sale/sale-check';
import { paidBy } from '../sale/sale';
import { addCustom, addItem, priceCart, type CartLine, type PricingRules } from './cart';
import { cartSummary } from './cart-view';
import { priceInUnit } from './cart-unit';
import type { CatalogItem, ItemPrice } from './item';

const USD: PricingRules = { unit: 'usd' };
/** 100,000 USD per bitcoin: 1,000 sats are one dollar, one sat a tenth of a cent. */
const PRICE = { currency: 'USD', price: 100_000, time: 1_700_000_000_000 };

const item = (id: string, price: ItemPrice, extra: Partial<CatalogItem> = {}): CatalogItem => ({
  id,
  name: id,
  price,
  enabled: true,
  position: 0,
  ...extra,
});
const dollars = (minor: number): ItemPrice => ({ unit: 'fiat', currency: 'USD', minor });
const sats = (n: number): ItemPrice => ({ unit: 'sat', sats: n });

function cart(...entries: Array<[CatalogItem, number]>): CartLine[] {
  let lines: CartLine[] = [];
  entries.forEach(([it, quantity], i) => {
    for (let n = 0; n < quantity; n++) lines = addItem(lines, it, `l${i}`);
  });
  return lines;
}

function totalsOf(lines: CartLine[], rules: PricingRules = USD, used = PRICE) {
  const pricing = priceCart(lines, used, { kind: 'none' }, rules);
  if (!pricing.ok) throw new Error(pricing.problem);
  return pricing.totals;
}

describe('a price in a dollar till', () => {
  it('takes dollars as they are, without any price', () => {
    expect(priceInUnit(dollars(350), 'usd', undefined)).toEqual({
      ok: true,
      minor: 350,
      converted: false,
    });
  });

  it('converts sats at the price, rounded up to the cent', () => {
    // 1,001 sats are 100.1 cents: the merchant gets 101, never less than the sats were worth.
    expect(priceInUnit(sats(1_001), 'usd', PRICE)).toMatchObject({ ok: true, minor: 101 });
    expect(priceInUnit(sats(1_000), 'usd', PRICE)).toMatchObject({ ok: true, minor: 100 });
    // One sat is a tenth of a cent: a whole cent.
    expect(priceInUnit(sats(1), 'usd', PRICE)).toMatchObject({ ok: true, minor: 1 });
  });

  it('has no price for sats without a price of the till currency', () => {
    expect(priceInUnit(sats(1_000), 'usd', undefined)).toEqual({
      ok: false,
      problem: 'no-rate',
      currency: 'USD',
    });
    const euros = { currency: 'EUR', price: 90_000 };
    expect(priceInUnit(sats(1_000), 'usd', euros)).toMatchObject({ problem: 'no-rate' });
  });

  it('refuses a third currency by name, never converting it through bitcoin', () => {
    const price: ItemPrice = { unit: 'fiat', currency: 'EUR', minor: 300 };
    expect(priceInUnit(price, 'usd', PRICE)).toEqual({
      ok: false,
      problem: 'other-currency',
      currency: 'EUR',
    });
  });
});

describe('a cart in a dollar till', () => {
  it('charges two 1.75 USD coffees as a 350-cent usd sale with no fiat record', () => {
    const coffee = item('coffee', dollars(175));
    const summary = cartSummary(cart([coffee, 2]), undefined, { kind: 'none' }, USD);
    expect(summary.totals?.total).toMatchObject({ sats: 350, inUnit: true, fiat: '3.50 USD' });
    expect(summary.unit).toEqual({ unit: 'usd', currency: 'USD', decimals: 2 });
    const sale = summary.charge!;
    expect(sale).toMatchObject({ amount: 350, unit: 'usd' });
    expect(sale.fiat).toBeUndefined();
    expect(sale.lines?.lines).toEqual([
      { itemId: 'coffee', name: 'coffee', quantity: 2, unitSats: 175 },
    ]);
    expect(checkSale(paidBy(sale, 'lightning')!, sale.amount)).toBeTruthy();
  });

  it('keeps the price used when a line in sats was converted', () => {
    const lines = cart([item('coffee', dollars(175)), 1], [item('sticker', sats(1_001)), 1]);
    const sale = cartSummary(lines, PRICE, { kind: 'none' }, USD).charge!;
    expect(sale).toMatchObject({ amount: 276, unit: 'usd' });
    expect(sale.fiat).toEqual({ currency: 'USD', price: 100_000, value: 2.76, time: PRICE.time });
  });

  it('says which currency a refused line is in, and that sats need a price', () => {
    const euro = cart([item('croissant', { unit: 'fiat', currency: 'EUR', minor: 200 }), 1]);
    expect(priceCart(euro, PRICE, { kind: 'none' }, USD)).toEqual({
      ok: false,
      problem: 'other-currency',
      currency: 'EUR',
    });
    const sat = cart([item('sticker', sats(500)), 1]);
    expect(cartSummary(sat, undefined, { kind: 'none' }, USD)).toMatchObject({
      problem: 'no-rate',
      problemCurrency: 'USD',
    });
  });

  it('adds tax on top in cents, rounded half up per line', () => {
    // 3.50 at 7.5 % is 26.25 cents: 26.
    const totals = totalsOf(cart([item('cake', dollars(350), { taxRatePercent: 7.5 }), 1]));
    expect(totals).toMatchObject({ subtotalSats: 350, taxSats: 26, totalSats: 376 });
  });

  it('finds the tax inside an inclusive price in cents', () => {
    // 1.19 with 19 % inside is 1.00 net and 0.19 tax; the customer pays 1.19.
    const wine = item('wine', dollars(119), { taxRatePercent: 19, taxIncluded: true });
    const totals = totalsOf(cart([wine, 1]));
    expect(totals).toMatchObject({ includedTaxSats: 19, taxSats: 0, totalSats: 119 });
    expect(totals.rates).toEqual([{ rate: 19, netSats: 100, taxSats: 19, grossSats: 119 }]);
  });

  it('takes a percent discount in cents, half up, and an amount discount as cents', () => {
    const lines = cart([item('cake', dollars(355)), 1]);
    const percent = totalsOf(lines, {
      ...USD,
      cartDiscount: { kind: 'percent', percent: 10, reason: '' },
    });
    // 10 % of 3.55 is 35.5 cents: 36 off.
    expect(percent).toMatchObject({ discountSats: 36, totalSats: 319 });
    const amount = totalsOf(lines, {
      ...USD,
      cartDiscount: { kind: 'sats', sats: 50, reason: 'loyalty' },
    });
    expect(amount).toMatchObject({ discountSats: 50, totalSats: 305 });
  });

  it('puts a percent tip and a custom tip in cents', () => {
    const lines = cart([item('cake', dollars(355)), 1]);
    const ten = priceCart(lines, undefined, { kind: 'percent', percent: 10 }, USD);
    expect(ten.ok && ten.totals).toMatchObject({ tipSats: 36, totalSats: 391 });
    const custom = priceCart(lines, undefined, { kind: 'sats', sats: 100 }, USD);
    expect(custom.ok && custom.totals).toMatchObject({ tipSats: 100, totalSats: 455 });
  });

  it('adds a custom amount in the till currency as cents', () => {
    const lines = addCustom([], 250, 'c1', 'USD');
    expect(lines[0]!.price).toEqual({ unit: 'fiat', currency: 'USD', minor: 250 });
    expect(totalsOf(lines).totalSats).toBe(250);
  });

  it('leaves a sat till as it was: sats, no unit on the sale', () => {
    const lines = cart([item('coffee', sats(2_500)), 1]);
    const sale = cartSummary(lines, PRICE, { kind: 'none' }).charge!;
    expect(sale.amount).toBe(2_500);
    expect(sale.unit).toBeUndefined();
  });
});
