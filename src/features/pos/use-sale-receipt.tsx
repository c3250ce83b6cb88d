// "Receipt" right after a sale on Home, and "Print receipts automatically" (docs/behaviour.md
// "Receipts"): a sale paid here (Lightning, or ecash for the invoice or at the keypad) is looked up
// by its key; the same receipt dialog as History's opens on a tap, or prints once per sale when the
// setting is on (the claim lives on the sale's row: decision 0034).
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import type { Logger } from '../../core/logger';
import type { HistoryEvent } from '../../core/history-ports';
import { Button } from '../../ui/Button';
import { useFormats, useTexts } from '../../ui/i18n';
import { RECEIPT_BUTTON } from '../../ui/locales/receipt-button/en.json';
import type { PosPayments, PosReceipts } from './deps';
import { LAST_SALE, LAST_SALE_AMOUNT } from './locales/keypad/en.json';
import { isFiatUnit, unitCurrency, unitDecimals } from '../../core/units/unit';

// The dialog, its loader and the print area load when a receipt is first opened.
const SaleReceiptDialog = lazy(() => import('./SaleReceiptDialog'));

export interface SaleReceipt {
  /** an ecash payment taken at the keypad: its receipt id */
  onEcashSale: (id: string) => void;
  /** the last sale's line with its Receipt button, and the dialog */
  view: ReactNode;
}

export function useSaleReceipt(
  receipts: PosReceipts | undefined,
  payments: Pick<PosPayments, 'onSettled'>,
  logger: Logger,
): SaleReceipt {
  const t = useTexts();
  const formats = useFormats();
  const [sale, setSale] = useState<HistoryEvent | null>(null);
  const [open, setOpen] = useState(false);
  const [autoPrint, setAutoPrint] = useState(false);

  const found = useCallback(
    async (keys: string[]) => {
      if (!receipts) return;
      try {
        let event: HistoryEvent | undefined;
        for (const key of keys) event ??= await receipts.store.saleByKey(key);
        if (!event) return;
        setSale(event);
        setOpen(false);
        if (!(await receipts.store.autoPrint())) return;
        // Another tab, or this one before a reload, may have printed it already.
        if (!(await receipts.store.claimPrint(event.id))) return;
        setAutoPrint(true);
        setOpen(true);
      } catch (error) {
        logger.warn('Could not read the sale for its receipt', error);
      }
    },
    [receipts, logger],
  );

  useEffect(
    () =>
      payments.onSettled((settled) => {
        if (settled.kind !== 'direct') return;
        const { quote, ecashRequestId } = settled.quote;
        void found(ecashRequestId ? [quote, ecashRequestId] : [quote]);
      }),
    [payments, found],
  );
  const onEcashSale = useCallback((id: string) => void found([id]), [found]);

  const view =
    receipts && sale ? (
      <>
        <div
          className="flex items-center justify-between gap-3 rounded-lg bg-white px-3 py-2 ring-1 ring-slate-200"
          data-testid="last-sale"
        >
          <p className="min-w-0 text-sm text-slate-700">
            {isFiatUnit(sale.unit)
              ? t(LAST_SALE_AMOUNT, {
                  amount: formats.fiat(
                    sale.amount,
                    unitCurrency(sale.unit),
                    unitDecimals(sale.unit),
                  ),
                })
              : t(LAST_SALE, { count: sale.amount, sats: formats.sats(sale.amount) })}
          </p>
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setAutoPrint(false);
              setOpen(true);
            }}
          >
            {t(RECEIPT_BUTTON)}
          </Button>
        </div>
        {open ? (
          <Suspense fallback={null}>
            <SaleReceiptDialog
              sale={sale}
              sources={receipts.sources}
              open={open}
              autoPrint={autoPrint}
              onClose={() => setOpen(false)}
              logger={logger}
            />
          </Suspense>
        ) : null}
      </>
    ) : null;

  return { onEcashSale, view };
}
