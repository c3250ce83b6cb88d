// Typed errors of the remote-payment flow; features map them to toasts.
import { CashewError } from '../errors';

/** No relay acknowledged the payment message (OK true), so the cashier must not show an invoice. */
export class RelayPublishError extends CashewError {
  constructor(
    message: string,
    /** relay URL -> why it did not accept */
    readonly failures: Record<string, string>,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** The mint ignored the NUT-20 lock we asked for; the quote must not be sent to the merchant. */
export class UnlockedQuoteError extends CashewError {}

/**
 * The merchant's profile names a pairing id this link's secret does not have: the merchant
 * ignores its messages, so no invoice may be shown (docs/protocol.md "Sending (cashier)").
 */
export class CashierLinkRevokedError extends CashewError {}

/**
 * The mint cannot lock the quote to the merchant (no NUT-20 in its info) and the merchant's
 * profile does not take unlocked quotes on it: the cashier sells nothing there.
 */
export class LockingUnavailableError extends CashewError {}

/** The merchant's profile no longer lists the mint this page sells on (it changed its mints). */
export class MintNotAcceptedError extends CashewError {}
