// User-visible texts of the receipt dialog (docs/behaviour.md "Receipts").
export const RECEIPT = 'Receipt';
