// User-visible texts of the Connect screen (docs/behaviour.md "Connect").
export const CONNECT_TITLE = 'Connect Remote POS';
export const CONNECT_SUBTITLE =
  'Scan this QR code with another device to create a remote point of sale.';
export const CONNECTION_STRING_LABEL = 'Connection String:';
export const COPY_CONNECTION_STRING = 'Copy Connection String';
/** Logged only, never shown. */
export const COPY_FAILED_LOG = 'Failed to copy connection string:';
export const CONNECT_LOAD_FAILED = 'Could not load the connection details. Reload to try again.';
/** The connection QR is 200 px (docs/behaviour.md "Limits and constants"). */
export const CONNECTION_QR_SIZE = 200;
/** Above the QR code: whom the cashier's invoices are for. */
export const connectShopLine = (shop: string) =>
  `Cashiers who scan it create invoices for ${shop}.`;
export const CONNECT_NO_SHOP =
  'Cashiers see this device’s key (npub). Add a shop name in Settings to show it instead.';
export const RESET_LINK = 'Reset cashier link';
export const RESET_LINK_WARNING =
  'Cashier devices using the current link will no longer be able to send payments here. Open the new link on each cashier device.';
export const RESET_LINK_CONFIRM = 'Reset link';
export const RESET_LINK_CANCEL = 'Cancel';
export const RESET_LINK_DONE = 'Cashier link reset. Old links no longer work.';
export const RESET_LINK_FAILED = 'Could not reset the cashier link. Try again.';
/** Another device on this phrase owns the cashier links (docs/behaviour.md "Two devices on one phrase"). */
export const OTHER_DEVICE_HOLDING =
  'Another device uses this recovery phrase and keeps the cashier links: their sales go to it. This link works only after you reset the cashier link here, which stops the other device’s links.';
export const OTHER_DEVICE_PRESENT =
  'Another device restored this recovery phrase. It left the cashier links with this device: their sales still come here. Each device keeps its own balance.';
export const OTHER_DEVICE_TOOK_OVER =
  'Another device on this recovery phrase reset the cashier link: cashiers now send their sales to it, and this device’s links no longer work. Reset the link here to take them back.';
