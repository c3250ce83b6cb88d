// Typed errors of the price source (docs/protocol.md "Price source").
import { CashewError, type ErrorWords } from '../errors';

/** The price source answered, but not with a valid prices object; nothing was stored. */
export class PriceReplyError extends CashewError {}

/** The price source could not be reached (network, HTTP error, timeout). */
export class PriceUnavailableError extends CashewError {}

/** A BTC price at a moment: the price in the currency and the source's time for it (ms). */
export interface PricePoint {
  price: number;
  time: number;
}

/**
 * The source's price moved more than the allowed fraction from the last price taken within the
 * hour; it is held (nothing stored) until the merchant confirms it, or refused after "keep sats".
 */
export class PriceJumpError extends CashewError {
  constructor(
    message: string | ErrorWords,
    readonly currency: string,
    readonly last: PricePoint,
    readonly next: PricePoint,
    /** the merchant already chose to keep sats only: nothing to confirm */
    readonly declined: boolean,
  ) {
    super(message);
  }
}
