// Typed errors of the price source (docs/protocol.md "Price source").
import { CashewError } from '../errors';

/** The price source answered, but not with a valid prices object; nothing was stored. */
export class PriceReplyError extends CashewError {}

/** The price source could not be reached (network, HTTP error, timeout). */
export class PriceUnavailableError extends CashewError {}
