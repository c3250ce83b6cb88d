// User-visible texts shared by more than one feature (each feature's own texts are in its texts.ts).

/** A mint quote failed or could not be created (docs/behaviour.md "Point of sale", "Remote cashier"). */
export const PAYMENT_FAILED_TOAST = '❌ Payment failed. Please try again.';
/** Logged only (docs/behaviour.md "Point of sale"): copying an invoice to the clipboard failed. */
export const COPY_INVOICE_FAILED_LOG = 'Failed to copy invoice:';
/** Submit while the browser is offline: no request is made (docs/behaviour.md "Point of sale"). */
export const OFFLINE_SUBMIT_TEXT = 'You are offline. Connect to create an invoice.';
/** Creating an invoice took longer than ui/use-invoice-flow.ts allows. */
export const MINT_NOT_RESPONDING_TEXT = 'The mint is not responding';
/** Gives up waiting for a mint that is not responding. */
export const CANCEL_CREATING_TEXT = 'Cancel';
