// Texts of the Items side of Home: the item grid, the cart, parked baskets and the tip step
// (docs/behaviour.md "Items, cart and tips").
import { formatSats } from '../format-sats';

export const taxLine = (rate: number) => `Tax ${rate} %`;
export const chargeSats = (sats: number) => `Charge ${formatSats(sats)} sats`;
export const recallLabel = (label: string) => `Recall ${label}`;
export const defaultBasketName = (n: number) => `Basket ${n}`;
export const lessLabel = (name: string) => `One less ${name}`;
export const moreLabel = (name: string) => `One more ${name}`;
export const quantityLabel = (name: string) => `Quantity of ${name}`;
export const addLabel = (name: string) => `Add ${name}`;
export const noItemWithCode = (code: string) => `No item has the code ${code}.`;
