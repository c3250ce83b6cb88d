// Texts of the navigation shell's status and update prompt (docs/behaviour.md "Navigation shell").

export const UPDATE_READY_TEXT = 'A new version of Cashew POS is ready.';
export const UPDATE_BUTTON_TEXT = 'Update';

/** The connection indicator: the browser's network, then whether the mint answers. */
export const STATUS_ONLINE_TEXT = 'Online';
export const STATUS_OFFLINE_TEXT = 'Offline';
export const STATUS_MINT_UNREACHABLE_TEXT = 'Mint unreachable';
export const STATUS_ONLINE_TITLE = 'Online; the mint answers.';
export const STATUS_OFFLINE_TITLE = 'This device is offline: invoices cannot be created.';
export const STATUS_MINT_UNREACHABLE_TITLE =
  'The mint does not answer: invoices cannot be created until it does.';
