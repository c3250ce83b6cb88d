// A cart charged in dollars for tests (decision 0089): a 1.99 USD coffee at 7 % and a 3.49 USD
// wine at 19 % with 0.25 USD off the wine and a 0.50 USD tip, every figure in cents, priced by the
// real cart arithmetic (per-line rounding: 13.93 and 61.56 cents of tax round to 14 and 62).
import { priceCart, saleLinesOf, type CartLine } from '../../core/items/cart';
import type { PaymentMethod, SaleDetail } from '../../core/sale/sale-detail';

const usd = (minor: number) => ({ unit: 'fiat' as const, currency: 'USD', minor });

export const DOLLAR_LINES: readonly CartLine[] = [
  { id: 'c', itemId: 'coffee', name: 'Coffee', price: usd(199), quantity: 1, taxRatePercent: 7 },
  {
    id: 'w',
    itemId: 'wine',
    name: 'Wine',
    price: usd(349),
    quantity: 1,
    taxRatePercent: 19,
    discount: { kind: 'sats', sats: 25, reason: 'regular' },
  },
];

/** The dollar cart's sale record and its total in cents. */
export function dollarSale(method: PaymentMethod = 'lightning'): {
  sale: SaleDetail;
  cents: number;
} {
  const priced = priceCart(DOLLAR_LINES, undefined, { kind: 'sats', sats: 50 }, { unit: 'usd' });
  if (!priced.ok) throw new Error('the dollar cart must price');
  return { sale: { ...saleLinesOf(priced.totals), method }, cents: priced.totals.totalSats };
}
