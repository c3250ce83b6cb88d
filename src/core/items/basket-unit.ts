// A parked basket keeps the unit its amount discounts were given in (sats, or a fiat unit's
// cents): recalled at a till charging in another unit it is refused by name, never re-read as
// the other unit's amounts (docs/behaviour.md "Items, cart and tips", decision 0093).
import { ValidationError } from '../errors';
import { isFiatUnit, unitCurrency, type Unit } from '../units/unit';
import type { Cart } from './cart';

/** A basket whose amount discounts are in another unit than the till's: it was not recalled. */
export class BasketUnitError extends ValidationError {
  constructor(
    readonly label: string,
    /** the unit the basket was parked in */
    readonly parkedIn: Unit,
    /** the unit the till charges in now */
    readonly tillUnit: Unit,
  ) {
    const unit = isFiatUnit(parkedIn) ? unitCurrency(parkedIn) : 'sats';
    super(
      `“${label}” was parked with a discount in ${unit}: switch the till back to ${unit} to charge it.`,
    );
  }
}

/**
 * Why `basket` cannot be recalled at a till charging in `tillUnit`, or undefined when it can.
 * Only an amount discount clashes: item prices and custom amounts carry their own currency and
 * are priced as decision 0089 says, a percent is a percent in any unit. A basket parked before
 * baskets kept their unit names none and is read in the till's unit, as it always was.
 */
export function basketUnitClash(basket: Cart, tillUnit: Unit): BasketUnitError | undefined {
  if (!basket.unit || basket.unit === tillUnit) return undefined;
  const amountOff = basket.lines.some((line) => line.discount?.kind === 'sats');
  return amountOff ? new BasketUnitError(basket.label ?? '', basket.unit, tillUnit) : undefined;
}
