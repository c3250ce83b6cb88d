// User-visible texts of the receipt dialog (docs/behaviour.md "Receipts").
export const RECEIPT = 'Receipt';
export const RECEIPT_TITLE = 'Receipt';
export const RECEIPT_LOADING = 'Loading the receipt…';
export const RECEIPT_FAILED = 'Could not load this receipt.';
export const PAPER_LABEL = 'Paper';
export const PRINT = 'Print';
export const SHARE = 'Share';
export const COPY_TEXT = 'Copy text';
export const COPIED = 'Copied';
export const SHARE_FAILED = 'Could not share the receipt.';
export const CLOSE_RECEIPT = 'Close';
