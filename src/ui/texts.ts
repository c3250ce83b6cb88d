// User-visible texts shared by more than one feature (each feature's own texts are in its texts.ts).
export const PIN_WRONG_NOW = 'Wrong PIN. Try again.';

/** Logged only (docs/behaviour.md "Point of sale"): copying an invoice to the clipboard failed. */
export const COPY_INVOICE_FAILED_LOG = 'Failed to copy invoice:';
/** Submit while the browser is offline: no request is made (docs/behaviour.md "Point of sale"). */
export const OFFLINE_SUBMIT_TEXT = 'You are offline. Connect to create an invoice.';
/** A keypad's hints at the mint's NUT-04 limits (from its info): point of sale and cashier. */
export const aboveMaxHint = (max: string) => `The mint takes at most ${max} sats per invoice.`;
export const belowMinHint = (min: string) => `The mint takes at least ${min} sats per invoice.`;

// ---------------------------------------------------------------- merchant PIN (docs/security.md)

export const PIN_PROMPT_TITLE = 'Enter the merchant PIN';
/** After a wrong PIN, or when a wait from earlier wrong PINs is not over. */
export function pinWaitText(waitMs: number, wrong: boolean): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const wait = seconds >= 60 ? `${Math.ceil(seconds / 60)} min` : `${seconds} s`;
  return `${wrong ? 'Wrong PIN. ' : ''}Try again in ${wait}.`;
}
/** The message for a refused PIN (wrong, or tried before the wait was over). */
export function pinRefusedText(answer: { waitMs: number; wrong?: boolean }): string {
  if (answer.waitMs > 0) return pinWaitText(answer.waitMs, answer.wrong !== false);
  return PIN_WRONG_NOW;
}
