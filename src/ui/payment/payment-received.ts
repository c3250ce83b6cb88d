// The paid toast's text (docs/behaviour.md "Point of sale"), shared by the counter and the app's
// payment toasts; apart from ui/texts.ts, which e2e specs read in Node without its catalogs.
import type { CatalogText, Formats, Translate } from '../i18n';
import { PAYMENT_RECEIVED } from '../locales/payment/en.json';

/**
 * The payment toast with its amount, e.g. "🎉 Payment received! Proofs stored successfully. 21 sats"
 * (the SPEC text verbatim, then the amount, so the merchant sees which sale landed; docs/behaviour.md
 * "Point of sale"). The remote and earlier-invoice forms are the app's (app/shell/payment-notifications.ts).
 */
export function paymentReceivedText(
  t: Translate,
  formats: Pick<Formats, 'sats'>,
  amountSats: number,
  text: CatalogText = PAYMENT_RECEIVED,
): string {
  return t(text, { count: amountSats, sats: formats.sats(amountSats) });
}
