// The cart screen's callbacks over a cart session and a catalog view (core/items: CartSession,
// catalogView), the same for the merchant's Items side and the remote cashier: stable callbacks so
// adding an item renders the cart only (docs/performance.md "Cart of 500 items").
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../toast/toast';
import type { CartViewProps } from './CartView';
import { useTexts } from '../i18n';
import { CART_DISCOUNTS_OTHER_UNIT, CART_NO_CODE, CART_STOCK_LIMIT } from '../locales/cart/en.json';
import { basketRefusalText } from './basket-refusal-text';
import { isFiatUnit, unitCurrency, type StockLimit, type Unit } from '../domain-views';
import type {
  BasketView,
  CartDiscounts,
  ChoiceView,
  Discount,
  SummaryView,
  TipPick,
  TileView,
} from './types';

/** A change past counted stock is refused with what is left (core/items/stock-limit.ts). */
type Limited = StockLimit | undefined;

interface SessionLike<Item, Used, Sale> {
  add: (item: Item) => Limited;
  addWithOptions: (item: Item, picks: readonly string[]) => Limited;
  addCustom: (sats: number) => void;
  setQuantity: (lineId: string, quantity: number) => Limited;
  setLineDiscount: (lineId: string, discount: Discount | undefined) => void;
  setCartDiscount: (discount: Discount | undefined) => void;
  clear: () => void;
  park: (label: string) => Promise<void>;
  recall: (id: string) => Promise<void>;
  summary: (used: Used, tip: TipPick) => SummaryView;
  charge: (used: Used, tip: TipPick) => Sale | undefined;
  paid: () => void;
}

interface ViewLike<Item> {
  categories: readonly string[];
  tilesFor: (query: string, category: string | undefined) => readonly TileView[];
  byId: (id: string) => Item | undefined;
  byCode: (code: string) => Item | undefined;
  /** the chooser of an item with options, undefined for one a tap adds */
  choiceFor: (id: string) => ChoiceView | undefined;
  /** counted stock is out: a tap or scan adds nothing */
  soldOut: (id: string) => boolean;
}

export interface CartPropsArgs<Item extends { id: string }, Used, Sale> {
  session: SessionLike<Item, Used, Sale>;
  /** the session's state: the screen renders again when it changes */
  cart: {
    lines: unknown;
    parked: readonly BasketView[];
    cartDiscount?: Discount;
    /** amount discounts in this unit were taken off for the till's new unit (CartSession) */
    discountsRemovedIn?: Unit;
  };
  view: ViewLike<Item>;
  priceUsed: Used;
  /** the shop's display currency, null for sats only (see SummaryView.shopCurrency) */
  shopCurrency?: string | null;
  /** the cart's sale, made once as Charge is pressed */
  onCharge: (sale: Sale) => void;
  /** changes when this screen's invoice is paid: a charged cart is emptied then */
  paidKey: number;
  logger: { warn: (message: string, error?: unknown) => void };
  /** what a failed park or recall says on screen (core/errors errorMessage) */
  errorText: (error: unknown) => string;
  /**
   * Discounts at this till: `ask` runs its callback once the person may give one (at once, or
   * after the merchant PIN); omitted: no discounts here.
   */
  discounts?: Pick<CartDiscounts, 'ask'>;
}

export type CartProps = Omit<CartViewProps, 'loaded' | 'hasItems' | 'tipsEnabled' | 'busy'>;

export function useCartProps<Item extends { id: string }, Used, Sale>(
  args: CartPropsArgs<Item, Used, Sale>,
): CartProps {
  const { session, cart, view, priceUsed, shopCurrency, onCharge, paidKey, logger, errorText } =
    args;
  // The cart stays until its invoice is paid: an unpaid or closed invoice leaves it to charge again.
  const t = useTexts();
  const firstPaidKey = useRef(paidKey);
  useEffect(() => {
    if (paidKey !== firstPaidKey.current) session.paid();
  }, [paidKey, session]);
  // A change past counted stock changes nothing and says how many are left (one notice at a time).
  const limited = useCallback(
    (limit: Limited) => {
      if (!limit) return;
      toast.info(t(CART_STOCK_LIMIT, { name: limit.name, left: limit.left }), {
        toastId: 'cart-stock-limit',
      });
    },
    [t],
  );
  // Amount discounts the till's new unit took off the cart are said once (decision 0093).
  const removedIn = cart.discountsRemovedIn;
  useEffect(() => {
    if (!removedIn) return;
    const unit = isFiatUnit(removedIn) ? unitCurrency(removedIn) : 'sat';
    toast.info(t(CART_DISCOUNTS_OTHER_UNIT, { unit }), { toastId: 'cart-discounts-other-unit' });
  }, [removedIn, t]);
  // An item with options opens its chooser (loaded then); a sold-out one adds nothing.
  const [choosing, setChoosing] = useState<ChoiceView | null>(null);
  const onAdd = useCallback(
    (id: string) => {
      const item = view.byId(id);
      if (!item || view.soldOut(id)) return;
      const choice = view.choiceFor(id);
      if (choice) setChoosing(choice);
      else limited(session.add(item));
    },
    [view, session, limited],
  );
  const onCode = useCallback(
    (code: string) => {
      const item = view.byCode(code);
      if (item) onAdd(item.id);
      else toast.info(t(CART_NO_CODE, { code }));
      return item !== undefined;
    },
    [view, onAdd, t],
  );
  const onChoose = useCallback(
    (picks: string[]) => {
      const item = choosing && view.byId(choosing.id);
      if (item) limited(session.addWithOptions(item, picks));
      setChoosing(null);
    },
    [choosing, view, session, limited],
  );
  const onQuantity = useCallback(
    (lineId: string, quantity: number) => limited(session.setQuantity(lineId, quantity)),
    [session, limited],
  );
  const onScanError = useCallback(
    (error: unknown) => logger.warn('Barcode scan failed', error),
    [logger],
  );
  const { lines } = cart;
  const summaryFor = useCallback(
    (tip: TipPick) => ({
      ...session.summary(priceUsed, tip),
      ...(shopCurrency !== undefined ? { shopCurrency } : {}),
    }),
    // The lines are read from the session; a new cart state is a new summary.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [session, priceUsed, shopCurrency, lines],
  );
  const charge = useCallback(
    (tip: TipPick) => {
      const made = session.charge(priceUsed, tip);
      if (made) onCharge(made);
    },
    [session, priceUsed, onCharge],
  );
  // A basket refused is named in the language; other failures as the screen says.
  const fail = (error: unknown) => toast.error(basketRefusalText(error, t) ?? errorText(error));
  const ask = args.discounts?.ask;
  return {
    categories: view.categories,
    tilesFor: view.tilesFor,
    onAdd,
    onCode,
    onScanError,
    summaryFor,
    parked: cart.parked,
    onQuantity,
    onAddCustom: session.addCustom,
    onClear: session.clear,
    onPark: (label) => void session.park(label).catch(fail),
    onRecall: (id) => void session.recall(id).catch(fail),
    onCharge: charge,
    choosing,
    onChoose,
    onChooseClose: () => setChoosing(null),
    ...(ask
      ? {
          discounts: {
            ask,
            onLine: session.setLineDiscount,
            onCart: session.setCartDiscount,
            ...(cart.cartDiscount ? { cart: cart.cartDiscount } : {}),
          },
        }
      : {}),
  };
}
