// A sale line's name on screen: an item's own, a custom amount and a keypad amount in the app's
// language (core/sale/line-names.ts; docs/behaviour.md "Receipts").
import { useCallback } from 'react';
import { lineName, type SaleLine } from '../domain-views';
import { useTexts } from '../i18n';
import { CART_CUSTOM_LINE } from '../locales/cart/en.json';
import { RECEIPT_SALE_LINE } from '../locales/receipt/en.json';

export type LineNameOf = (line: Pick<SaleLine, 'itemId' | 'name'>) => string;

export function useLineName(): LineNameOf {
  const t = useTexts();
  return useCallback(
    (line) => lineName(line, { keypadLine: t(RECEIPT_SALE_LINE), customLine: t(CART_CUSTOM_LINE) }),
    [t],
  );
}
