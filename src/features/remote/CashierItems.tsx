// The cashier's Items side: the merchant's published items (read only), a cart kept in memory,
// the tip choice when the merchant turned tips on, and one charge for the total, whose lines go
// with the sale (docs/behaviour.md "Remote cashier").
import { useState } from 'react';
import {
  addItem,
  priceCart,
  saleLinesOf,
  setQuantity,
  unitSats,
  type CartLine,
  type PriceUsed,
  type TipChoice,
} from '../../core/items/cart';
import type { CatalogItem } from '../../core/items/item';
import { formatFiatMinor } from '../../core/prices/convert';
import type { RemoteSaleLines } from '../../core/remote-payments';
import { Button } from '../../ui/Button';
import { formatSats } from '../../ui/format-sats';
import { SegmentButton, SegmentTrack } from '../../ui/Segmented';
import {
  CASHIER_CART_EMPTY,
  CASHIER_NO_PRICE_TEXT,
  NO_TIP_TEXT,
  REMOVE_TEXT,
  TIP_LEGEND,
  removeLineLabel,
} from './texts';

const TIP_PERCENTS = [5, 10, 15] as const;

export interface CashierItemsProps {
  items: readonly CatalogItem[];
  tips: boolean;
  priceUsed: PriceUsed | undefined;
  /** an invoice is being made or shown: the cart stays as it is (the page remounts it after a sale) */
  busy: boolean;
  onCharge: (amount: number, sale: RemoteSaleLines) => void;
}

function priceText(item: CatalogItem): string {
  return item.price.unit === 'sat'
    ? `${formatSats(item.price.sats)} sats`
    : formatFiatMinor(item.price.minor, item.price.currency);
}

export function CashierItems({ items, tips, priceUsed, busy, onCharge }: CashierItemsProps) {
  const [lines, setLines] = useState<CartLine[]>([]);
  const [tip, setTip] = useState<TipChoice>({ kind: 'none' });
  const pricing = priceCart(lines, priceUsed, tips ? tip : { kind: 'none' });
  const charge = () => {
    if (!pricing.ok) return;
    onCharge(pricing.totals.totalSats, saleLinesOf(pricing.totals));
  };
  return (
    <div className="flex flex-col gap-4" data-testid="cashier-items">
      <ul className="grid grid-cols-2 gap-2">
        {items.map((item) => {
          const sats = unitSats(item.price, priceUsed);
          return (
            <li key={item.id}>
              <button
                type="button"
                disabled={busy}
                aria-label={`Add ${item.name}`}
                onClick={() => setLines((now) => addItem(now, item, crypto.randomUUID()))}
                className="flex min-h-16 w-full flex-col items-start rounded-xl bg-white p-3 text-left ring-1 ring-slate-200 hover:bg-violet-50 focus-visible:outline-2 focus-visible:outline-violet-600 disabled:opacity-60"
              >
                <span className="font-medium break-words text-slate-900">{item.name}</span>
                <span className="text-sm text-slate-700">{priceText(item)}</span>
                {item.price.unit === 'fiat' && sats !== undefined ? (
                  <span className="text-xs text-slate-600">{formatSats(sats)} sats</span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>

      <section aria-label="Cart" className="flex flex-col gap-2" data-testid="cashier-cart">
        {lines.length === 0 ? (
          <p className="text-sm text-slate-600">{CASHIER_CART_EMPTY}</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {lines.map((line) => {
              const priced = pricing.ok
                ? pricing.totals.lines.find((p) => p.lineId === line.id)
                : undefined;
              return (
                <li key={line.id} className="flex items-center gap-2 text-sm text-slate-900">
                  <span className="flex-1 break-words">
                    {line.quantity} × {line.name}
                  </span>
                  {priced ? <span>{formatSats(priced.lineSats)} sats</span> : null}
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={busy}
                    aria-label={removeLineLabel(line.name)}
                    onClick={() => setLines((now) => setQuantity(now, line.id, 0))}
                  >
                    {REMOVE_TEXT}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        {pricing.ok && pricing.totals.taxSats > 0 ? (
          <p className="text-sm text-slate-700">Tax {formatSats(pricing.totals.taxSats)} sats</p>
        ) : null}
        {tips && lines.length > 0 ? (
          <SegmentTrack role="group" aria-label={TIP_LEGEND}>
            <SegmentButton
              selected={tip.kind === 'none'}
              aria-pressed={tip.kind === 'none'}
              onClick={() => setTip({ kind: 'none' })}
            >
              {NO_TIP_TEXT}
            </SegmentButton>
            {TIP_PERCENTS.map((percent) => {
              const chosen = tip.kind === 'percent' && tip.percent === percent;
              return (
                <SegmentButton
                  key={percent}
                  selected={chosen}
                  aria-pressed={chosen}
                  onClick={() => setTip({ kind: 'percent', percent })}
                >
                  {percent} %
                </SegmentButton>
              );
            })}
          </SegmentTrack>
        ) : null}
        {!pricing.ok && pricing.problem === 'no-price' ? (
          <p role="status" className="text-sm text-amber-800">
            {CASHIER_NO_PRICE_TEXT}
          </p>
        ) : null}
        {pricing.ok ? (
          <Button disabled={busy} onClick={charge} data-testid="cashier-charge">
            Charge {formatSats(pricing.totals.totalSats)} sats
          </Button>
        ) : null}
      </section>
    </div>
  );
}
