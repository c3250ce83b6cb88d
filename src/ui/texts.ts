// User-visible texts shared by more than one feature (each feature's own texts are in its texts.ts).

/** Logged only (docs/behaviour.md "Point of sale"): copying an invoice to the clipboard failed. */
export const COPY_INVOICE_FAILED_LOG = 'Failed to copy invoice:';
/** Submit while the browser is offline: no request is made (docs/behaviour.md "Point of sale"). */
export const OFFLINE_SUBMIT_TEXT = 'You are offline. Connect to create an invoice.';
/** A keypad's hints at the mint's NUT-04 limits (from its info): point of sale and cashier. */
export const aboveMaxHint = (max: string) => `The mint takes at most ${max} sats per invoice.`;
export const belowMinHint = (min: string) => `The mint takes at least ${min} sats per invoice.`;
