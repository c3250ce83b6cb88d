// App-wide payment toasts and confetti (docs/behaviour.md "Point of sale"): one subscription at
// start-up, so a payment
// that lands on another screen or after a reload is still announced, exactly once per quote.
import type { Logger } from '../../core/logger';
import type { PendingMintQuote, QuoteKind } from '../../core/wallet/mint/ports';
import { currencyDecimals } from '../../core/prices/currencies';
import type {
  PaymentFailure,
  PaymentFailureReason,
  PaymentSettled,
} from '../../core/wallet/receive/payment-service';
import { ENGLISH_FORMATS, type Formats } from '../../core/i18n/formats';
import { englishText, type Translate } from '../../ui/i18n';
import { PAYMENT_FAILED } from '../../ui/locales/payment/en.json';
// A part of their own: the counter's first chunk carries only the plain paid and failed toasts.
import {
  PAYMENT_RECEIVED_AMOUNT,
  PAYMENT_RECEIVED_EARLIER,
  PAYMENT_STORE_ERROR,
  REMOTE_PAYMENT_RECEIVED,
} from '../locales/payment-toasts/en.json';
import { paymentReceivedText } from '../../ui/payment/payment-received';

/** The texts and figures of the language shown when a toast is raised (app/start-up/language.ts). */
export interface PaymentTexts {
  t: Translate;
  formats: Pick<Formats, 'sats' | 'fiat'>;
}

/** English texts and figures, where no language is given (tests, code that speaks English). */
export const englishTexts = (): PaymentTexts => ({ t: englishText, formats: ENGLISH_FORMATS });

/** The toast calls used here (react-toastify's `toast` satisfies it). */
export interface PaymentToaster {
  success(text: string, options: { toastId: string }): unknown;
  error(text: string, options: { toastId: string }): unknown;
  isActive(toastId: string): boolean;
}

export interface PaymentNotificationDeps {
  payments: {
    onSettled(listener: (settled: PaymentSettled) => void): () => void;
    onFailed(listener: (failed: PaymentFailure) => void): () => void;
  };
  toast: PaymentToaster;
  /** Fires the success burst; must not throw (ui/payment/confetti's fireConfetti never rejects). */
  confetti: () => void;
  logger: Logger;
  /**
   * The quote of the invoice on screen, open or waiting, if any (PaymentService.shownQuote). A direct
   * payment of another quote is announced as an earlier invoice; the one on screen keeps waiting.
   */
  onScreen?: () => string | null;
  /** The language's texts now; English when omitted. */
  texts?: () => PaymentTexts;
}

/**
 * Toast ids are per quote, so any second listener (e.g. the remote inbox) announcing the same
 * quote with the same id is merged by the toaster instead of shown twice.
 */
export function paymentToastId(outcome: 'received' | 'failed', quoteId: string): string {
  return `payment-${outcome}:${quoteId}`;
}

/** The SPEC text per kind with the amount appended (ui/payment/payment-received.ts). */
export function receivedText(
  kind: QuoteKind,
  amount: number,
  earlier = false,
  texts: PaymentTexts = englishTexts(),
  unit: PendingMintQuote['unit'] = 'sat',
): string {
  if (unit !== 'sat') {
    // Cents are never written as sats (docs/decisions/0067-amounts-carry-their-unit.md).
    const code = unit.toUpperCase();
    const text = texts.formats.fiat(amount, code, currencyDecimals(code));
    return texts.t(PAYMENT_RECEIVED_AMOUNT, { amount: text });
  }
  const text =
    kind === 'remote' ? REMOTE_PAYMENT_RECEIVED : earlier ? PAYMENT_RECEIVED_EARLIER : undefined;
  return paymentReceivedText(texts.t, texts.formats, amount, text);
}

/**
 * Remote quotes fail in bulk (a flood of quotes nobody pays expires together): one toast id per
 * reason for all of them, so many failures show one toast, each still logged.
 */
export function remoteFailureToastId(reason: PaymentFailureReason): string {
  return `remote-payment-failed:${reason}`;
}

/**
 * The quote itself failed (expired, refused, issued elsewhere): the payment did not happen,
 * "Payment failed". Processing failed (minting or storing proofs we were owed threw): the
 * console has the details.
 */
export function failureText(
  reason: PaymentFailureReason,
  texts: PaymentTexts = englishTexts(),
): string {
  return texts.t(reason === 'quote' ? PAYMENT_FAILED : PAYMENT_STORE_ERROR);
}

/** Announces one settled payment (direct or remote) unless this quote was announced already. */
export function announceSettled(
  deps: Pick<PaymentNotificationDeps, 'toast' | 'confetti' | 'onScreen' | 'texts'>,
  settled: Pick<PaymentSettled, 'kind' | 'amount'> & {
    quote: Pick<PendingMintQuote, 'quote' | 'unit'>;
  },
): boolean {
  const toastId = paymentToastId('received', settled.quote.quote);
  if (deps.toast.isActive(toastId)) return false;
  const shown = deps.onScreen?.() ?? null;
  const earlier = settled.kind === 'direct' && shown !== null && shown !== settled.quote.quote;
  const texts = (deps.texts ?? englishTexts)();
  deps.toast.success(
    receivedText(settled.kind, settled.amount, earlier, texts, settled.quote.unit),
    { toastId },
  );
  deps.confetti();
  return true;
}

/** Subscribes once; returns the unsubscribe function. */
export function subscribePaymentNotifications(deps: PaymentNotificationDeps): () => void {
  const announced = new Set<string>();
  const offSettled = deps.payments.onSettled((settled) => {
    if (announced.has(settled.quote.quote)) return;
    announced.add(settled.quote.quote);
    announceSettled(deps, settled);
  });
  const offFailed = deps.payments.onFailed((failed) => {
    const text = failureText(failed.reason, (deps.texts ?? englishTexts)());
    if (failed.reason === 'processing') {
      deps.logger.error(
        `Error storing payment proofs for quote ${failed.quote.quote}: ${failed.errorText}`,
        failed.error,
      );
    } else {
      deps.logger.warn(`Mint quote ${failed.quote.quote} failed`, failed.error);
    }
    // A sale already credited is not a failure the merchant needs to hear about.
    if (announced.has(failed.quote.quote)) return;
    const toastId =
      failed.kind === 'remote'
        ? remoteFailureToastId(failed.reason)
        : paymentToastId('failed', failed.quote.quote);
    if (!deps.toast.isActive(toastId)) deps.toast.error(text, { toastId });
  });
  return () => {
    offSettled();
    offFailed();
  };
}
