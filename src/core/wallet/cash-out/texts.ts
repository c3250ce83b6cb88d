// Messages of a cash-out the merchant reads (docs/behaviour.md, "Cash out"). Core throws them as
// ValidationError messages; features show them as they are.
import { formatSats } from '../../format-sats';

export const UNRECOGNISED_DESTINATION =
  'Paste a Lightning invoice, a Lightning address (name@domain) or an LNURL.';
export const INVOICE_MALFORMED = 'This is not a valid Lightning invoice.';
export const INVOICE_EXPIRED = 'This invoice has expired. Ask for a new one.';
export const INVOICE_OTHER_NETWORK =
  'This invoice is for another Bitcoin network. Use a mainnet invoice (lnbc…).';
export const INVOICE_NO_AMOUNT =
  'This invoice has no amount. Ask for an invoice with an amount, or pay a Lightning address.';
export const INVOICE_ALREADY_PAID = 'This invoice was already paid from this wallet.';
export const INVOICE_BEING_PAID = 'This invoice is already being paid.';
export const NOTHING_TO_CASH_OUT = 'There is nothing to cash out at this mint.';
export const BALANCE_CHANGED =
  'The balance changed: a withdrawal token took some of these sats. Nothing was paid; try again.';
export const FEES_CHANGED = 'The fees changed. Check the new total and confirm again.';
export const MELT_QUOTE_NONSENSE = 'The mint answered with an invalid quote. Nothing was paid.';
export const meltQuoteWrongAmount = (invoice: number) =>
  `The mint quoted another amount than the invoice's ${formatSats(invoice)} sats. Nothing was paid.`;
export const feeAboveLimitText = (fees: number, limit: number) =>
  `The fees (up to ${formatSats(fees)} sats) are above your limit of ${formatSats(limit)} sats. Nothing was paid.`;
export const LNURL_UNREACHABLE = 'The Lightning address did not answer. Check it and try again.';
export const LNURL_NONSENSE = 'The Lightning address did not answer with a valid payment request.';
export const LNURL_INSECURE = 'Lightning addresses must use https.';

export const notEnoughBalance = (needed: number, balance: number) =>
  `Not enough balance: this needs ${formatSats(needed)} sats with fees, the balance is ${formatSats(balance)} sats.`;
/** Enough sats stored, but some are held by pending withdrawal tokens (decision 0015). */
export const heldByPendingToken = (needed: number, available: number, pending: number) =>
  `Not enough available balance: this needs ${formatSats(needed)} sats with fees, ${formatSats(available)} sats are available and ${formatSats(pending)} sats are held by a pending withdrawal token. Cancel that token on the Wallet screen to use them.`;
export const AUTO_NEEDS_LNURL =
  'Automatic cash-out needs a Lightning address or an LNURL, not an invoice.';
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

// Outcomes, shown by the Cash out panel and as toasts.
export const cashOutPaid = (amount: number, fee: number) =>
  `Cash-out paid: ${formatSats(amount)} sats sent, ${formatSats(fee)} sats fee.`;
export const CASH_OUT_PENDING =
  'Cash-out pending. The balance updates once the mint settles the payment.';
export const CASH_OUT_UNPAID =
  'Cash-out failed: the payment did not go through. The sats are back in your balance.';
export const autoCashOutPaid = (amount: number, fee: number) =>
  `Automatic cash-out: ${formatSats(amount)} sats sent, ${formatSats(fee)} sats fee.`;
export const autoCashOutFailed = (reason: string, retryInMs: number) =>
  `Automatic cash-out failed: ${reason} Trying again in ${Math.max(1, Math.round(retryInMs / 60_000))} min.`;
