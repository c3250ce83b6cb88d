// User-visible texts shared by more than one feature (each feature's own texts are in its texts.ts).

/** A mint quote failed or could not be created (docs/behaviour.md "Point of sale", "Remote cashier"). */
export const PAYMENT_FAILED_TOAST = '❌ Payment failed. Please try again.';
/** Logged only (docs/behaviour.md "Point of sale"): copying an invoice to the clipboard failed. */
export const COPY_INVOICE_FAILED_LOG = 'Failed to copy invoice:';

// ---------------------------------------------------------------- merchant PIN (docs/security.md)

export const PIN_PROMPT_TITLE = 'Enter the merchant PIN';
export const PIN_LOCK_TITLE = 'This till is locked';
export const PIN_LOCK_TEXT =
  'Enter the merchant PIN to open the wallet. Payments that arrive meanwhile are kept and stored once it is open.';
export const PIN_FIELD_LABEL = 'PIN';
export const PIN_SUBMIT = 'Unlock';
export const PIN_CANCEL = 'Cancel';
export const PIN_CHECKING = 'Checking…';
export const PIN_FORGOTTEN =
  "Forgot the PIN? It cannot be reset here. Clear this site's data in the browser, then choose Restore Existing Wallet and enter your 12-word recovery phrase: the phrase brings the money back.";
/** After a wrong PIN, or when a wait from earlier wrong PINs is not over. */
export function pinWaitText(waitMs: number, wrong: boolean): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const wait = seconds >= 60 ? `${Math.ceil(seconds / 60)} min` : `${seconds} s`;
  return `${wrong ? 'Wrong PIN. ' : ''}Try again in ${wait}.`;
}
export const PIN_WRONG_NOW = 'Wrong PIN. Try again.';
export const PIN_NEW_LABEL = 'New PIN (4 to 12 digits)';
export const PIN_REPEAT_LABEL = 'Repeat the PIN';
