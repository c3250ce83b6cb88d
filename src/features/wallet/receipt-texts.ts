// User-visible texts of refunds (docs/behaviour.md "Refunds"); the receipt's own are in ui/locales/receipt/.
import { formatSats } from '../../ui/format-sats';
export const refundTitle = (left: number) => `Refund (up to ${formatSats(left)} sats)`;
export const refundPaid = (amount: number, fee: number) =>
  `Refund paid: ${formatSats(amount)} sats sent, ${formatSats(fee)} sats fee.`;
