// Texts of the Items side of Home: the item grid, the cart, parked baskets and the tip step
// (docs/behaviour.md "Items, cart and tips").
import { formatSats } from '../format-sats';

export const KEYPAD_TAB = 'Keypad';
export const ITEMS_TAB = 'Items';
export const SEARCH_LABEL = 'Search items';
export const ALL_CATEGORIES = 'All';
export const SCAN_TEXT = 'Scan';
export const STOP_SCAN_TEXT = 'Stop scanning';
export const NO_ITEMS_TEXT = 'No items yet. Add them in Settings, Items.';
export const NO_MATCH_TEXT = 'No item matches.';
export const CART_TITLE = 'Cart';
export const CART_EMPTY_TEXT = 'Tap an item to add it.';
export const CUSTOM_LABEL = 'Custom amount (sats)';
export const ADD_CUSTOM_TEXT = 'Add';
export const SUBTOTAL_TEXT = 'Subtotal';
export const taxLine = (rate: number) => `Tax ${rate} %`;
export const TIP_TEXT = 'Tip';
export const TOTAL_TEXT = 'Total';
export const CHARGE_TEXT = 'Charge';
export const chargeSats = (sats: number) => `Charge ${formatSats(sats)} sats`;
export const CLEAR_TEXT = 'Clear';
export const PARK_TEXT = 'Park';
export const PARK_LABEL = 'Basket name';
export const PARKED_TITLE = 'Parked baskets';
export const recallLabel = (label: string) => `Recall ${label}`;
export const defaultBasketName = (n: number) => `Basket ${n}`;
export const lessLabel = (name: string) => `One less ${name}`;
export const moreLabel = (name: string) => `One more ${name}`;
export const quantityLabel = (name: string) => `Quantity of ${name}`;
export const addLabel = (name: string) => `Add ${name}`;
export const TIP_TITLE = 'Add a tip?';
export const NO_TIP_TEXT = 'No tip';
export const CUSTOM_TIP_LABEL = 'Custom tip (sats)';
export const BACK_TEXT = 'Back';
export const NO_PRICE_TEXT =
  'An item is priced in a currency with no price now: it cannot be charged until prices load.';
export const TOO_LARGE_TEXT = 'The total is too large.';
export const noItemWithCode = (code: string) => `No item has the code ${code}.`;
export const CART_LOAD_FAILED_LOG = 'Could not load the items or the cart';
