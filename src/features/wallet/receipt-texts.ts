// User-visible texts of refunds (docs/behaviour.md "Refunds"); the receipt's own are in ui/.
import { formatSats } from '../../ui/format-sats';
export { RECEIPT } from '../../ui/receipt-texts';
export const REFUND = 'Refund';
export const REFUND_LIGHTNING = 'To Lightning';
export const REFUND_ECASH = 'As ecash token';
export const REFUND_METHOD = 'Refund method';
export const REFUND_AMOUNT = 'Amount in sats';
export const CREATE_TOKEN = 'Create token';
export const REFUND_ECASH_HINT = 'The customer redeems the token in any Cashu wallet.';
export const refundTitle = (left: number) => `Refund (up to ${formatSats(left)} sats)`;
export const refundPaid = (amount: number, fee: number) =>
  `Refund paid: ${formatSats(amount)} sats sent, ${formatSats(fee)} sats fee.`;
