// Texts of the Cash out panel (docs/behaviour.md, "Cash out"). Messages about what went wrong
// come from core/wallet/cash-out/texts.ts.
import { formatSats } from '../../ui/format-sats';
export const amountLabel = (min: number, max: number) => `Amount in sats (${min} to ${max})`;
export const commentLabel = (max: number) => `Comment (optional, up to ${max} characters)`;
/** Fees (reserve + input fee) above the merchant's limit (Settings): asked again. */
export const feeAboveLimitWarning = (fees: number, limit: number) =>
  `The fees can be up to ${formatSats(fees)} sats, above your limit of ${formatSats(limit)} sats. Pay anyway?`;
export const pendingCashOutText = (amount: number, to: string) =>
  `${formatSats(amount)} sats to ${to}`;
