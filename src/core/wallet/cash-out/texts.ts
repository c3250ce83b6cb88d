// Messages of a cash-out the merchant reads (docs/behaviour.md, "Cash out"). Core throws them as
// ValidationError messages; features show them as they are.
import { formatSats } from '../../format-sats';

export const meltQuoteWrongAmount = (invoice: number) =>
  `The mint quoted another amount than the invoice's ${formatSats(invoice)} sats. Nothing was paid.`;
export const feeAboveLimitText = (fees: number, limit: number) =>
  `The fees (up to ${formatSats(fees)} sats) are above your limit of ${formatSats(limit)} sats. Nothing was paid.`;

export const notEnoughBalance = (needed: number, balance: number) =>
  `Not enough balance: this needs ${formatSats(needed)} sats with fees, the balance is ${formatSats(balance)} sats.`;
/** Enough sats stored, but some are held by pending withdrawal tokens (decision 0015). */
export const heldByPendingToken = (needed: number, available: number, pending: number) =>
  `Not enough available balance: this needs ${formatSats(needed)} sats with fees, ${formatSats(available)} sats are available and ${formatSats(pending)} sats are held by a pending withdrawal token. Cancel that token on the Wallet screen to use them.`;
export const tooLittleForFees = (available: number) =>
  `The available ${formatSats(available)} sats are not enough to pay any amount with the fees.`;
export const amountOutOfRange = (min: number, max: number) =>
  `Enter an amount from ${min} to ${formatSats(max)} sats.`;
/** The server's own words (cleaned, bounded), quoted and attributed: never the app's voice. */
export const lnurlRefused = (speaker: string, reason: string) => `${speaker} says: "${reason}"`;
export const lnurlWrongInvoice = (speaker: string, asked: number, got: number | null) =>
  `${speaker} sent an invoice for ${got === null ? 'no amount' : `${formatSats(got)} sats`} instead of ${formatSats(asked)} sats. Nothing was paid.`;
export const lnurlWrongDescription = (speaker: string) =>
  `${speaker} sent an invoice that does not match its payment details (description hash). Nothing was paid.`;
export const lnurlRedirected = (speaker: string) =>
  `${speaker} tried to send the request on to another address. Nothing was paid.`;
export const commentTooLong = (max: number) => `The comment can be at most ${max} characters.`;

// Outcomes, shown as toasts; the Cash out panel says the same from its catalog, "1 sat" too.
const satsOf = (sats: number) => (sats === 1 ? '1 sat' : `${formatSats(sats)} sats`);
export const cashOutPaid = (amount: number, fee: number) =>
  `Cash-out paid: ${satsOf(amount)} sent, ${satsOf(fee)} fee.`;
export const autoCashOutPaid = (amount: number, fee: number) =>
  `Automatic cash-out: ${satsOf(amount)} sent, ${satsOf(fee)} fee.`;
export const autoCashOutFailed = (reason: string, retryInMs: number) =>
  `Automatic cash-out failed: ${reason} Trying again in ${Math.max(1, Math.round(retryInMs / 60_000))} min.`;
