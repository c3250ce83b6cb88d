// User-visible texts of the wallet screen (docs/behaviour.md "Wallet").
import { historyKind } from '../../core/history-kinds';
import { MAX_STATED_PRICE_GAP } from '../../core/prices/stated-fiat';
import { formatNumber, formatSats } from '../../ui/format-sats';
export const withdrawFromText = (mintUrl: string) => `Withdraw from ${mintUrl}`;

export const pageText = (page: number, pages: number) => `Page ${page} of ${pages}`;
export const countText = (shown: number, total: number) => `${shown} of ${total} events`;
export const satsText = (sats: number) => `${formatSats(sats)} sats`;

// Withdraw: available and pending apart, and the amount step (issue 17).
export const AVAILABLE_LABEL = 'Available';
export const availableHint = (sats: number) =>
  `Available: ${satsText(sats)}. Sats already in a pending token are not counted.`;
export const withdrawAmountButton = (sats: number) => `Withdraw ${satsText(sats)}`;
export const amountRangeError = (available: number) =>
  `Enter a whole number of sats from 1 to ${formatSats(available)}.`;

/** Refresh could not ask a mint about the stored proofs (docs/behaviour.md "Wallet"). */
export const stateCheckFailed = (mintUrl: string, reason: string) =>
  `Could not check your ecash with ${mintUrl}: ${reason.replace(/\.$/, '')}. Nothing was removed.`;

// History rows (issue 17): a plain label, a signed amount; the stored type stays in Details.
export const DETAILS = 'Details';
/** A cash-out whose change the fee reserve cannot explain (docs/behaviour.md, "Cash out"). */
export const extraChangeNote = (sats: number) =>
  `The mint returned ${formatSats(sats)} sats more change than expected.`;
export const feeBeyondReserveNote = (sats: number) =>
  `The mint kept ${formatSats(sats)} sats more than the fee reserve.`;
/**
 * A remote sale whose cashier stated a price too far from the merchant's, so the merchant's was
 * used (docs/behaviour.md "Prices in the merchant's currency", decision 0046).
 */
export const cashierPriceNote = (used: number, stated: number, currency: string) =>
  `Priced at 1 BTC = ${formatNumber(used)} ${currency}: the cashier's ${formatNumber(stated)} ${currency} was over ${MAX_STATED_PRICE_GAP * 100} % away.`;
/**
 * A remote sale priced by its cashier near a jump this till was holding, not accepted
 * (docs/behaviour.md "Prices in the merchant's currency", decision 0053).
 */
export const heldPriceNote = (used: number, held: number, currency: string) =>
  `Priced at 1 BTC = ${formatNumber(used)} ${currency}, near ${formatNumber(held)} ${currency}: a price this till held and had not accepted.`;
/** Unknown types from newer data show as stored. */
export const historyLabel = (type: string) => historyKind(type)?.label ?? type;
/** A cancelled token's amount is the swap fee, the only sats that left (its own stayed). */
export const isOutgoing = (type: string) => historyKind(type)?.direction === 'out';
export const signedSatsText = (sats: number, outgoing: boolean) =>
  sats === 0 ? satsText(0) : `${outgoing ? '−' : '+'}${satsText(sats)}`;

// Cancel a pending token (decision 0015): the merchant takes back sats nobody redeemed.
export const CANCEL_TOKEN = 'Cancel token';
export const cancelTokenQuestion = (sats: number) =>
  `The ${satsText(sats)} go back to your available balance and this token can no longer be redeemed. Only do this if nobody took it.`;
export const tokenCancelled = (sats: number, fee: number) =>
  fee > 0
    ? `Token cancelled: ${satsText(sats)} are available again. The mint kept ${satsText(fee)}.`
    : `Token cancelled: ${satsText(sats)} are available again.`;
export const cancelTokenFailed = (reason: string) =>
  `Could not cancel the token: ${reason.replace(/\.$/, '')}. Nothing changed.`;
