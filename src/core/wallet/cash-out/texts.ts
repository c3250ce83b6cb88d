// Messages of a cash-out the merchant reads (docs/behaviour.md, "Cash out"). Core throws them as
// ValidationError messages in English with their catalog key and values, and the Wallet screen
// says them in the chosen language (features/wallet/locales/cash-out-errors, decision 0063).
import { errorWords as words } from '../../errors';
import { formatSats } from '../../format-sats';
import { amountText, type Amount } from '../../units/amount';

export const meltQuoteWrongAmount = (invoice: number) =>
  words(
    'MELT_QUOTE_WRONG_AMOUNT',
    { invoice },
    `The mint quoted another amount than the invoice's ${formatSats(invoice)} sats. Nothing was paid.`,
  );
export const feeAboveLimitText = (fees: number, limit: number) =>
  words(
    'FEES_ABOVE_LIMIT',
    { fees, limit },
    `The fees (up to ${formatSats(fees)} sats) are above your limit of ${formatSats(limit)} sats. Nothing was paid.`,
  );

export const notEnoughBalance = (needed: number, balance: number) =>
  words(
    'NOT_ENOUGH_BALANCE',
    { needed, balance },
    `Not enough balance: this needs ${formatSats(needed)} sats with fees, the balance is ${formatSats(balance)} sats.`,
  );
/** Enough sats stored, but some are held by pending withdrawal tokens (decision 0015). */
export const heldByPendingToken = (needed: number, available: number, pending: number) =>
  words(
    'HELD_BY_PENDING_TOKEN',
    { needed, available, pending },
    `Not enough available balance: this needs ${formatSats(needed)} sats with fees, ${formatSats(available)} sats are available and ${formatSats(pending)} sats are held by a pending withdrawal token. Cancel that token on the Wallet screen to use them.`,
  );
export const tooLittleForFees = (available: number) =>
  words(
    'TOO_LITTLE_FOR_FEES',
    { available },
    `The available ${formatSats(available)} sats are not enough to pay any amount with the fees.`,
  );
export const amountOutOfRange = (min: number, max: number) =>
  words(
    'AMOUNT_OUT_OF_RANGE',
    { min, max },
    `Enter an amount from ${formatSats(min)} to ${formatSats(max)} sats.`,
  );
/** The server's own words (cleaned, bounded), quoted and attributed: never the app's voice. */
export const lnurlRefused = (speaker: string, reason: string) =>
  words('LNURL_REFUSED', { speaker, reason }, `${speaker} says: "${reason}"`);
export const lnurlWrongInvoice = (speaker: string, asked: number, got: number | null) =>
  got === null
    ? words(
        'LNURL_INVOICE_NO_AMOUNT',
        { speaker, asked },
        `${speaker} sent an invoice for no amount instead of ${formatSats(asked)} sats. Nothing was paid.`,
      )
    : words(
        'LNURL_WRONG_INVOICE',
        { speaker, asked, got },
        `${speaker} sent an invoice for ${formatSats(got)} sats instead of ${formatSats(asked)} sats. Nothing was paid.`,
      );
export const lnurlWrongDescription = (speaker: string) =>
  words(
    'LNURL_WRONG_DESCRIPTION',
    { speaker },
    `${speaker} sent an invoice that does not match its payment details (description hash). Nothing was paid.`,
  );
export const lnurlRedirected = (speaker: string) =>
  words(
    'LNURL_REDIRECTED',
    { speaker },
    `${speaker} tried to send the request on to another address. Nothing was paid.`,
  );
/** `max` is a count of characters, not sats. */
export const commentTooLong = (max: number) =>
  words('COMMENT_TOO_LONG', { max }, `The comment can be at most ${formatSats(max)} characters.`);

/**
 * A cash-out from a fiat balance that it cannot pay: both figures in the unit, already written
 * ("2.01 USD"), so no sat words reach a cent (docs/protocol.md "Units").
 */
export const notEnoughInUnit = (needed: Amount, balance: Amount) =>
  words(
    'NOT_ENOUGH_IN_UNIT',
    { needed: amountText(needed), balance: amountText(balance) },
    `Not enough balance: this needs ${amountText(needed)} with fees, the balance is ${amountText(balance)}.`,
  );
/** The fees of a cash-out in a fiat unit above the merchant's limit, in the unit. */
export const unitFeeAboveLimit = (fees: Amount, limit: Amount) =>
  words(
    'UNIT_FEES_ABOVE_LIMIT',
    { fees: amountText(fees), limit: amountText(limit) },
    `The fees (up to ${amountText(fees)}) are above your limit of ${amountText(limit)}. Nothing was paid.`,
  );
/** A fiat balance too small to pay any amount with its fees, in the unit. */
export const tooLittleInUnit = (available: Amount) =>
  words(
    'TOO_LITTLE_IN_UNIT',
    { available: amountText(available) },
    `The available ${amountText(available)} are not enough to pay any amount with the fees.`,
  );
