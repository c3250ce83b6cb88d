// A receipt's words in the app's language, for its text (core/receipts/receipt.ts) and the
// dialog: the shop's language on screen, printed and shared (docs/behaviour.md "Receipts").
import { useMemo } from 'react';
import { unitCurrency, unitDecimals, type ReceiptWords } from '../domain-views';
import { useFormats, useTexts } from '../i18n';
import {
  RECEIPT_DISCOUNT,
  RECEIPT_DISCOUNT_REASON,
  RECEIPT_LEFT,
  RECEIPT_NUMBER,
  RECEIPT_RATE_GROSS,
  RECEIPT_RATE_NET,
  RECEIPT_RATE_TAX,
  RECEIPT_TAX_NUMBER,
  RECEIPT_PAID_WITH_METHOD,
  RECEIPT_REFERENCE,
  RECEIPT_REFUND,
  RECEIPT_SALE_LINE,
  RECEIPT_SATS,
  RECEIPT_SUBTOTAL,
  RECEIPT_TAX,
  RECEIPT_TIP,
  RECEIPT_TOTAL,
} from '../locales/receipt/en.json';
import { CART_CUSTOM_LINE } from '../locales/cart/en.json';

export function useReceiptWords(): ReceiptWords {
  const t = useTexts();
  const formats = useFormats();
  return useMemo(
    () => ({
      sats: (n) => t(RECEIPT_SATS, { count: n, sats: formats.sats(n) }),
      inUnit: (minor, unit) => formats.fiat(minor, unitCurrency(unit), unitDecimals(unit)),
      reference: (reference) => t(RECEIPT_REFERENCE, { reference }),
      saleLine: t(RECEIPT_SALE_LINE),
      customLine: t(CART_CUSTOM_LINE),
      subtotal: t(RECEIPT_SUBTOTAL),
      tax: t(RECEIPT_TAX),
      tip: t(RECEIPT_TIP),
      total: t(RECEIPT_TOTAL),
      paidWith: (method) => t(RECEIPT_PAID_WITH_METHOD, { method }),
      refund: (date, time) => t(RECEIPT_REFUND, { date, time }),
      left: t(RECEIPT_LEFT),
      receiptNumber: (number) => t(RECEIPT_NUMBER, { number }),
      taxNumber: (number) => t(RECEIPT_TAX_NUMBER, { number }),
      discount: (reason) => (reason ? t(RECEIPT_DISCOUNT_REASON, { reason }) : t(RECEIPT_DISCOUNT)),
      rateNet: (rate) => t(RECEIPT_RATE_NET, { rate: formats.number(rate) }),
      rateTax: (rate) => t(RECEIPT_RATE_TAX, { rate: formats.number(rate) }),
      rateGross: (rate) => t(RECEIPT_RATE_GROSS, { rate: formats.number(rate) }),
    }),
    [t, formats],
  );
}
