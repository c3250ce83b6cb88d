// The figures core works out for the screens, as types the shared components take: defined once in
// core, read here so ui says no shape twice (docs/architecture.md "Layers and who may import whom").
export type {
  AmountView,
  CartLineView,
  CartUnitView,
  ChoiceView,
  ItemTile,
} from '../core/items/cart-view';
export type { Receipt, ReceiptWords } from '../core/receipts/receipt';
export type { RestoreProgress } from '../core/wallet/restore/restore-service';
export type { CardTaps, TapOutcome } from '../core/tap/tap-to-pay';
export type { Discount } from '../core/sale/discount';
export type { StockLimit } from '../core/items/stock-limit';
// The one rule of a sound discount, for the discount dialog (a value: imported only by that chunk).
export { DISCOUNT_REASON_MAX, isDiscount } from '../core/sale/discount';
// Amounts typed in a fiat till's unit ("1.50" is 150 cents), for the cart's fields.
export { amountFromText } from '../core/units/amount';
export { minorToText } from '../core/format-sats';
// How a receipt writes its amounts: sats, or the fiat unit its sale was charged in.
export { receiptAmount } from '../core/receipts/receipt';
export { unitCurrency, unitDecimals, type FiatUnit, type Unit } from '../core/units/unit';
// An amount in its unit as text, and the units a wallet holds, for the restore's finds per unit.
export { formatAmount } from '../core/units/format-amount';
export { isFiatUnit, parseUnit } from '../core/units/unit';
// A basket refused (another unit, an empty cart, no room, gone), named on screen in the language.
export { BasketUnitError } from '../core/items/basket-unit';
export { BasketRefusal } from '../core/items/basket-refusal';
export { MAX_PARKED } from '../core/items/cart';
// The names a sale stores for lines that are no item, shown in the language (ui/cart/line-name.ts).
export { lineName } from '../core/sale/line-names';
export type { SaleLine } from '../core/sale/sale-detail';
