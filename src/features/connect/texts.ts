// User-visible texts of the Connect screen (docs/behaviour.md "Connect").
export const CONNECT_TITLE = 'Connect Remote POS';
/** Logged only, never shown. */
export const COPY_FAILED_LOG = 'Failed to copy connection string:';
/** The connection QR is 200 px (docs/behaviour.md "Limits and constants"). */
export const CONNECTION_QR_SIZE = 200;
/** Above the QR code: whom the cashier's invoices are for. */
export const connectShopLine = (shop: string) =>
  `Cashiers who scan it create invoices for ${shop}.`;
/** Another device on this phrase owns the cashier links (docs/behaviour.md "Two devices on one phrase"). */
export const OTHER_DEVICE_HOLDING =
  'Another device uses this recovery phrase and keeps the cashier links: their sales go to it. This link works only after you reset the cashier link here, which stops the other device’s links.';
