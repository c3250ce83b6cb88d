// Typed errors thrown by core; features map them to the toasts of docs/behaviour.md.

/**
 * What the merchant reads, as a catalog key and its values: a screen says it in the chosen
 * language, the message stays English for logs (docs/decisions/0063-texts-from-domain-values.md).
 * Numbers are amounts in sats unless the key says otherwise; the screen formats them.
 */
export interface ErrorText {
  readonly key: string;
  readonly values?: Readonly<Record<string, string | number>>;
}

/** An English message with its catalog key, as core's text builders make them. */
export interface ErrorWords {
  readonly message: string;
  readonly text: ErrorText;
}

/** Core's text builders: the English message and the key and values a screen says it by. */
export const errorWords = (
  key: string,
  values: Readonly<Record<string, string | number>>,
  message: string,
): ErrorWords => ({ message, text: { key, values } });

/** Base of every error core throws on purpose. `cause` keeps the underlying failure. */
export class CashewError extends Error {
  /** The message's key and values, when a screen can say it in another language. */
  readonly text: ErrorText | undefined;

  constructor(message: string | ErrorWords, options?: { cause?: unknown }) {
    super(typeof message === 'string' ? message : message.message, options);
    this.name = new.target.name;
    this.text = typeof message === 'string' ? undefined : message.text;
  }
}

/** Input that fails a product rule; the message is shown to the user verbatim. */
export class ValidationError extends CashewError {}

/** Something the app needs is missing from local storage (seed, mint URL, key). */
export class MissingDataError extends CashewError {}

/** A storage read or write failed. */
export class StorageError extends CashewError {}

/**
 * The mint refused a request definitively (HTTP 4xx with a NUT error code). Final: never retried.
 */
export class MintRefusedError extends CashewError {
  constructor(
    message: string | ErrorWords,
    readonly code: number | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * We do not know whether the mint acted (network error, timeout, 5xx, lost response).
 * Recovery must find out (NUT-09 restore / NUT-07 check) instead of repeating the request.
 */
export class MintUnreachableError extends CashewError {}

/**
 * Ecash of another mint whose melt was sent, and whose payment has not reached our invoice yet: it
 * is kept in the journal and followed until it lands (docs/protocol.md "Ecash from other mints").
 * `arrive` is what our mint will issue; `id` names the journaled row.
 */
export class ForeignEcashArrivingError extends MintUnreachableError {
  constructor(
    message: string,
    readonly id: string,
    readonly arrive: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A relay message that is not a valid payment message (docs/protocol.md "The payment message"). */
export class InvalidPaymentMessageError extends CashewError {}

/** Too many unpaid remote quotes are tracked already; the new one was not stored. */
export class PendingQuoteLimitError extends CashewError {}

/** The relays did not answer within the time a flow gives them (docs/protocol.md "Restore"). */
export class RelaysTimeoutError extends CashewError {}

/** What onboarding says when the device already holds a wallet (docs/behaviour.md "Routes"). */
export const WALLET_EXISTS_MESSAGE =
  'This device already has a wallet. To replace it, use Replace wallet in Settings.';

/**
 * A write that creates a wallet found the device already onboarded: nothing was written. Only
 * Settings' Replace wallet clears a wallet (docs/security.md "Onboarding and Replace wallet").
 */
export class WalletExistsError extends CashewError {
  constructor(options?: { cause?: unknown }) {
    super(WALLET_EXISTS_MESSAGE, options);
  }
}

/** Turns anything thrown into a message, with a fallback text. */
export function errorMessage(error: unknown, fallback = 'Unknown error'): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
