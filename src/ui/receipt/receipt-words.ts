// A receipt's words in the app's language, for its text (core/receipts/receipt.ts) and the
// dialog: the shop's language on screen, printed and shared (docs/behaviour.md "Receipts").
import { useMemo } from 'react';
import type { ReceiptWords } from '../domain-views';
import { useFormats, useTexts } from '../i18n';
import {
  RECEIPT_LEFT,
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

export function useReceiptWords(): ReceiptWords {
  const t = useTexts();
  const formats = useFormats();
  return useMemo(
    () => ({
      sats: (n) => t(RECEIPT_SATS, { count: n, sats: formats.sats(n) }),
      reference: (reference) => t(RECEIPT_REFERENCE, { reference }),
      saleLine: t(RECEIPT_SALE_LINE),
      subtotal: t(RECEIPT_SUBTOTAL),
      tax: t(RECEIPT_TAX),
      tip: t(RECEIPT_TIP),
      total: t(RECEIPT_TOTAL),
      paidWith: (method) => t(RECEIPT_PAID_WITH_METHOD, { method }),
      refund: (date, time) => t(RECEIPT_REFUND, { date, time }),
      left: t(RECEIPT_LEFT),
    }),
    [t, formats],
  );
}
