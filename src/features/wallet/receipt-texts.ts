// User-visible texts of refunds (docs/behaviour.md "Refunds"); the receipt's own are in ui/.
export { RECEIPT } from '../../ui/receipt-texts';
export const REFUND = 'Refund';
export const REFUND_LIGHTNING = 'To Lightning';
export const REFUND_ECASH = 'As ecash token';
export const REFUND_METHOD = 'Refund method';
export const REFUND_AMOUNT = 'Amount in sats';
export const CREATE_TOKEN = 'Create token';
export const REFUND_ECASH_HINT = 'The customer redeems the token in any Cashu wallet.';
export const refundTitle = (left: number) => `Refund (up to ${left} sats)`;
export const refundPaid = (amount: number, fee: number) =>
  `Refund paid: ${amount} sats sent, ${fee} sats fee.`;
