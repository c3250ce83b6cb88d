// The Items side of Home, loaded only when the merchant opens it (or Home is idle): the merchant's
// catalog and tip setting, the current cart kept on this device, shown by the shared cart screen
// (docs/behaviour.md "Items, cart and tips").
import { useEffect, useLayoutEffect, useMemo, useState } from 'react';
import type { FiatEntry } from './use-fiat-entry';
import { CartSession } from '../../core/items/cart-session';
import { catalogView } from '../../core/items/cart-view';
import { pricingRulesOf, type DiscountPermission } from '../../core/settings/books-settings';
import type { StaffRef } from '../../core/staff/staff';
import type { CatalogItem } from '../../core/items/item';
import type { Logger } from '../../core/logger';
import type { Sale } from '../../core/sale/sale';
import type { FiatUnit } from '../../core/units/unit';
import CartView from '../../ui/cart/CartView';
import { useTexts } from '../../ui/i18n';
import { CART_NO_ITEMS } from '../../ui/locales/cart/en.json';
import { useCartProps } from '../../ui/cart/use-cart-props';
import { afterNextPaint } from '../../ui/after-paint';
import { useCartSession } from '../../ui/cart/use-cart-session';
import { errorMessage } from '../../core/errors';
import type { PosItems } from './deps';
import { CustomerDisplayButton } from './CustomerDisplayButton';
import { useCustomerDisplay, type CustomerDisplayArgs } from './use-customer-display';
import { useDiscountRule } from './use-discount-rule';
import { useStockLevels } from './use-stock-levels';

export interface ItemsSideProps {
  items: PosItems;
  logger: Logger;
  /** the price a fiat-priced item is charged at, and the shop's display currency (none: sats only) */
  fiat: Pick<FiatEntry, 'priceUsed' | 'view'>;
  onCharge: (sale: Sale) => void;
  busy: boolean;
  /** changes when this screen's invoice is paid: a charged cart is emptied then */
  paidKey: number;
  /** for the customer display: the invoice on screen, its ecash request, the shop's name */
  invoice?: CustomerDisplayArgs['invoice'];
  ecashRequest?: CustomerDisplayArgs['ecashRequest'];
  shopName?: CustomerDisplayArgs['shopName'];
  /** who is at the till: a manager or the owner gives discounts without the PIN */
  staff?: StaffRef;
  /** the fiat unit the till charges in: the cart is priced in it (decision 0089); absent: sats */
  unit?: FiatUnit;
}

export default function ItemsSide({
  items,
  logger,
  fiat,
  onCharge,
  busy,
  paidKey,
  invoice,
  ecashRequest,
  shopName,
  staff,
  unit,
}: ItemsSideProps) {
  const t = useTexts();
  const { priceUsed, view: prices } = fiat;
  const shopCurrency = !prices ? undefined : prices.kind === 'off' ? null : prices.currency;
  const session = useMemo(
    () =>
      new CartSession({
        store: items.carts,
        newId: () => crypto.randomUUID(),
        schedule: afterNextPaint,
        logger,
      }),
    [items, logger],
  );
  // Who parks a basket: told to the session, so a switch of person never makes a new one.
  useEffect(() => session.setAtTill(staff), [session, staff]);
  // The unit before the first paint, so a cart in cents is never shown in sats.
  useLayoutEffect(() => session.setUnit(unit), [session, unit]);
  const [catalog, setCatalog] = useState<{
    items: CatalogItem[];
    tips: boolean;
    discounts?: DiscountPermission;
  } | null>(null);
  const { levels: stock, show: showStock } = useStockLevels(items.stock, logger);
  useEffect(() => {
    let active = true;
    const stockRows = items.stock?.rows() ?? Promise.resolve(undefined);
    Promise.all([items.items.list(), items.tips.get(), items.books?.get(), stockRows]).then(
      ([list, tips, books, rows]) => {
        if (!active) return;
        if (books) session.setRules(pricingRulesOf(books));
        // One render: the stock arrives with the catalog. Without the books settings (older
        // services) anyone may give a discount, the default.
        setCatalog({ items: list, tips: tips.enabled, discounts: books?.discounts ?? 'anyone' });
        showStock(rows);
      },
      (error: unknown) => logger.error('Could not load the items or the cart', error),
    );
    return () => {
      active = false;
    };
  }, [items, logger, session, showStock]);
  // The cart is held within what is left (a `+` past it says so instead).
  useEffect(() => session.setStock(stock), [session, stock]);
  const cart = useCartSession(session);
  // The customer sees the total the invoice asks: the cart's discount and the shop's tax rules.
  const rules = session.pricing();
  useCustomerDisplay({
    lines: cart.lines,
    rules,
    priceUsed,
    invoice,
    ecashRequest,
    paidKey,
    shopName,
    logger,
  });
  const list = catalog?.items;
  const rule = useDiscountRule(catalog?.discounts, staff, items.discountPin);
  const view = useMemo(
    () => catalogView(list ?? [], priceUsed, stock, unit),
    [list, priceUsed, stock, unit],
  );
  const props = useCartProps({
    session,
    cart,
    view,
    priceUsed,
    shopCurrency,
    onCharge,
    paidKey,
    logger,
    errorText: errorMessage,
    ...(rule.ask ? { discounts: { ask: rule.ask } } : {}),
  });
  return (
    <>
      <CartView
        {...props}
        loaded={cart.loaded && catalog !== null}
        hasItems={(list?.length ?? 0) > 0}
        tipsEnabled={catalog?.tips ?? false}
        busy={busy}
        noItemsText={t(CART_NO_ITEMS)}
      />
      <CustomerDisplayButton />
      {rule.prompt}
    </>
  );
}
