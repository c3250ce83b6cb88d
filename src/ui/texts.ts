// User-visible texts shared by more than one feature (each feature's own texts are in its texts.ts).

/** Logged only (docs/behaviour.md "Point of sale"): copying an invoice to the clipboard failed. */
export const COPY_INVOICE_FAILED_LOG = 'Failed to copy invoice:';
