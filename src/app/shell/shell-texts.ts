// Texts of the navigation shell's status and update prompt (docs/behaviour.md "Navigation shell").

export const UPDATE_READY_TEXT = 'A new version of Cashew POS is ready.';

/** The connection indicator: the browser's network, then whether the mint answers. */
export const STATUS_ONLINE_TEXT = 'Online';
