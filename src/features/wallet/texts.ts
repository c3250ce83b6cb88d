// User-visible texts of the wallet screen (docs/behaviour.md "Wallet").
import { historyKind } from '../../core/history-kinds';
import { formatSats } from '../../ui/format-sats';
export const WALLET_TITLE = 'Wallet';
export const CURRENT_BALANCE = 'Current Balance';
export const WITHDRAW = 'Withdraw';
export const REFRESH = 'Refresh';
export const HISTORY = 'History';
export const PREVIOUS = 'Previous';
export const NEXT = 'Next';
export const NO_EVENTS = 'No events yet.';
export const LOAD_FAILED_HINT = 'Could not load your wallet data.';
export const PENDING_TITLE = 'Withdrawals pending';
export const PENDING_NOTE =
  'Waiting to be redeemed. The balance updates once the mint reports the token spent.';
export const SHOW_QR = 'Show QR';
export const WAITING_NOTICE =
  'The balance drops once this token is redeemed. Until then it stays in your wallet.';
export const CONFIRM_TITLE = 'Combine before withdrawing?';
export const CONFIRM_COMBINE = 'Combine and withdraw';
export const CONFIRM_AS_IS = 'Withdraw without combining';
export const CANCEL = 'Cancel';
export const MINT_BALANCES_TITLE = 'Balance per mint';
export const CURRENT_MINT_TAG = 'Current mint';
export const withdrawFromText = (mintUrl: string) => `Withdraw from ${mintUrl}`;

export const pageText = (page: number, pages: number) => `Page ${page} of ${pages}`;
export const countText = (shown: number, total: number) => `${shown} of ${total} events`;
export const satsText = (sats: number) => `${formatSats(sats)} sats`;

// Withdraw: available and pending apart, and the amount step (issue 17).
export const AVAILABLE_LABEL = 'Available';
export const PENDING_LABEL = 'In pending tokens';
export const AMOUNT_TITLE = 'Withdraw ecash';
export const AMOUNT_FIELD = 'Amount in sats';
export const availableHint = (sats: number) =>
  `Available: ${satsText(sats)}. Sats already in a pending token are not counted.`;
export const PARTIAL_NOTE =
  'Less than everything: the mint splits this amount off first; any mint fee comes out of what stays.';
export const withdrawAmountButton = (sats: number) => `Withdraw ${satsText(sats)}`;
export const amountRangeError = (available: number) =>
  `Enter a whole number of sats from 1 to ${formatSats(available)}.`;

// History rows (issue 17): a plain label, a signed amount; the stored type stays in Details.
export const DETAILS = 'Details';
export const TECHNICAL_DETAILS = 'Technical details';
/** A cash-out whose change the fee reserve cannot explain (docs/behaviour.md, "Cash out"). */
export const extraChangeNote = (sats: number) =>
  `The mint returned ${formatSats(sats)} sats more change than expected.`;
export const feeBeyondReserveNote = (sats: number) =>
  `The mint kept ${formatSats(sats)} sats more than the fee reserve.`;
/** Unknown types from newer data show as stored. */
export const historyLabel = (type: string) => historyKind(type)?.label ?? type;
/** A cancelled token's amount is the swap fee, the only sats that left (its own stayed). */
export const isOutgoing = (type: string) => historyKind(type)?.direction === 'out';
export const signedSatsText = (sats: number, outgoing: boolean) =>
  sats === 0 ? satsText(0) : `${outgoing ? '−' : '+'}${satsText(sats)}`;

// Cancel a pending token (decision 0015): the merchant takes back sats nobody redeemed.
export const CANCEL_TOKEN = 'Cancel token';
export const KEEP_TOKEN = 'Keep token';
export const CANCEL_TOKEN_TITLE = 'Cancel this token?';
export const cancelTokenQuestion = (sats: number) =>
  `The ${satsText(sats)} go back to your available balance and this token can no longer be redeemed. Only do this if nobody took it.`;
export const CANCELLING_TOKEN = 'Cancelling…';
export const tokenCancelled = (sats: number, fee: number) =>
  fee > 0
    ? `Token cancelled: ${satsText(sats)} are available again. The mint kept ${satsText(fee)}.`
    : `Token cancelled: ${satsText(sats)} are available again.`;
export const TOKEN_ALREADY_REDEEMED = 'This token was already redeemed.';
export const TOKEN_BEING_REDEEMED =
  'This token is being redeemed right now. Nothing was cancelled.';
export const TOKEN_NO_LONGER_PENDING = 'This token is no longer pending.';
export const cancelTokenFailed = (reason: string) =>
  `Could not cancel the token: ${reason.replace(/\.$/, '')}. Nothing changed.`;
