// The cashier's Items side: the merchant's published items (read only), tip and discount settings, shown by the
// same cart screen as the merchant's (search, categories, scan, custom amounts, parked baskets), the
// cart kept on this device for this merchant; one charge for the total, whose lines go with the
// sale (docs/behaviour.md "Remote cashier").
import { useEffect, useLayoutEffect, useMemo } from 'react';
import { errorMessage } from '../../core/errors';
import type { PriceUsed } from '../../core/items/cart';
import { CartSession } from '../../core/items/cart-session';
import { catalogView } from '../../core/items/cart-view';
import type { CatalogItem } from '../../core/items/item';
import type { CartStore } from '../../core/items/ports';
import type { Logger } from '../../core/logger';
import type { Sale } from '../../core/sale/sale';
import type { FiatUnit } from '../../core/units/unit';
import CartView from '../../ui/cart/CartView';
import { useCartProps } from '../../ui/cart/use-cart-props';
import { afterNextPaint } from '../../ui/after-paint';
import { useCartSession } from '../../ui/cart/use-cart-session';

export interface CashierItemsProps {
  items: readonly CatalogItem[];
  tips: boolean;
  /** the catalog's sold-out items and choices (greyed, not added) */
  soldOut?: readonly string[];
  /** the shop lets any cashier give discounts (its published catalog says so) */
  discounts?: boolean;
  priceUsed: PriceUsed | undefined;
  /** the merchant's till unit (its catalog's): the cart is priced in it, decision 0092 */
  unit?: FiatUnit;
  /** this cashier's carts for this merchant, on this device */
  carts: CartStore;
  /** an invoice is being made or shown: the cart stays as it is */
  busy: boolean;
  /** changes after each sale: a charged cart is emptied once paid */
  paidKey: number;
  onCharge: (sale: Sale) => void;
  logger: Logger;
}

const runNow = (then: () => void) => then();

export function CashierItems({
  items,
  tips,
  soldOut,
  discounts = false,
  priceUsed,
  unit,
  carts,
  busy,
  paidKey,
  onCharge,
  logger,
}: CashierItemsProps) {
  const session = useMemo(
    () =>
      new CartSession({
        store: carts,
        newId: () => crypto.randomUUID(),
        schedule: afterNextPaint,
        logger,
      }),
    [carts, logger],
  );
  // The unit before the first paint, so a cart in cents is never shown in sats.
  useLayoutEffect(() => session.setUnit(unit), [session, unit]);
  const cart = useCartSession(session);
  const stock = useMemo(() => {
    const out = { left: 0, low: true, soldOut: true };
    return soldOut ? new Map(soldOut.map((key) => [key, out])) : undefined;
  }, [soldOut]);
  // The merchant publishes only what is sold out: the cart cannot take more of those.
  useEffect(() => session.setStock(stock), [session, stock]);
  const view = useMemo(
    () => catalogView(items, priceUsed, stock, unit),
    [items, priceUsed, stock, unit],
  );
  const props = useCartProps({
    session,
    cart,
    view,
    priceUsed,
    onCharge,
    paidKey,
    logger,
    errorText: errorMessage,
    // The merchant's PIN is not on this device: a cashier gives discounts only where anyone may.
    ...(discounts ? { discounts: { ask: runNow } } : {}),
  });
  return (
    <div
      data-testid="cashier-items"
      data-cart-fill
      className="md:flex md:min-h-0 md:flex-1 md:flex-col"
    >
      <CartView
        {...props}
        loaded={cart.loaded}
        hasItems={items.length > 0}
        tipsEnabled={tips}
        busy={busy}
      />
    </div>
  );
}
