// Texts of the Cash out panel (docs/behaviour.md, "Cash out"). Messages about what went wrong
// come from core/wallet/cash-out/texts.ts.
import { formatSats } from '../../ui/format-sats';
export const CASH_OUT = 'Cash out';
export const CASH_OUT_TITLE = 'Cash out to Lightning';
export const DESTINATION_LABEL = 'Invoice, Lightning address or LNURL';
export const DESTINATION_PLACEHOLDER = 'lnbc… or name@domain';
export const CONTINUE = 'Continue';
export const SCAN = 'Scan QR';
export const STOP_SCAN = 'Stop scanning';
export const NO_SCANNER_NOTE = 'This browser cannot scan QR codes here: paste instead.';
export const amountLabel = (min: number, max: number) => `Amount in sats (${min} to ${max})`;
export const commentLabel = (max: number) => `Comment (optional, up to ${max} characters)`;
export const CASH_OUT_ALL = 'Cash out everything';
export const CASH_OUT_ALL_HINT = 'The largest amount your balance can pay with the fees.';
export const CONFIRM_TITLE = 'Confirm cash-out';
export const ROW_TO = 'To';
export const ROW_PAYEE = 'Payee node';
export const ROW_DESCRIPTION = 'Description';
export const ROW_AMOUNT = 'Amount';
export const ROW_FEE_RESERVE = 'Lightning fee reserve';
export const FEE_RESERVE_HINT = 'The part of the reserve the route does not use comes back.';
export const ROW_INPUT_FEE = 'Mint input fee';
export const ROW_TOTAL = 'Most that can leave your balance';
export const PAY = 'Pay';
export const PAY_ANYWAY = 'Pay anyway';
export const CANCEL = 'Cancel';
/** Fees (reserve + input fee) above the merchant's limit (Settings): asked again. */
export const feeAboveLimitWarning = (fees: number, limit: number) =>
  `The fees can be up to ${formatSats(fees)} sats, above your limit of ${formatSats(limit)} sats. Pay anyway?`;
export const CLOSE = 'Close';
export const PENDING_CASH_OUTS = 'Cash-outs pending';
export const pendingCashOutText = (amount: number, to: string) =>
  `${formatSats(amount)} sats to ${to}`;
