// What the cart says when a basket is refused (parked or recalled), in the shop's language:
// the storage's English messages are for logs (docs/behaviour.md "Items, cart and tips").
import type { Translate } from '../i18n';
import {
  CART_BASKET_OTHER_UNIT,
  CART_REFUSED_EMPTY,
  CART_REFUSED_FULL,
  CART_REFUSED_GONE,
} from '../locales/cart/en.json';
import {
  BasketRefusal,
  BasketUnitError,
  isFiatUnit,
  MAX_PARKED,
  unitCurrency,
} from '../domain-views';

const REFUSAL_TEXT = {
  empty: CART_REFUSED_EMPTY,
  full: CART_REFUSED_FULL,
  gone: CART_REFUSED_GONE,
} as const;

/** The refusal's text, or undefined when `error` is not a basket's refusal. */
export function basketRefusalText(error: unknown, t: Translate): string | undefined {
  if (error instanceof BasketUnitError) {
    const unit = isFiatUnit(error.parkedIn) ? unitCurrency(error.parkedIn) : 'sat';
    return t(CART_BASKET_OTHER_UNIT, { label: error.label, unit });
  }
  if (error instanceof BasketRefusal) return t(REFUSAL_TEXT[error.kind], { max: MAX_PARKED });
  return undefined;
}
