// Home (/): the point-of-sale screen where the merchant types an amount and shows the invoice.
import { useCallback } from 'react';
import { InvoiceModal } from '../../ui/InvoiceModal';
import { Keypad } from '../../ui/Keypad';
import type { PosScreenProps } from './deps';
import { CREATING_INVOICE_TEXT, COPY_FAILED_LOG, SHOW_INVOICE_TEXT } from './texts';
import { useBalance } from './use-balance';
import { useInvoice } from './use-invoice';

const sats = new Intl.NumberFormat('en-US');

export function HomeScreen({ services }: PosScreenProps) {
  const { payments, logger } = services;
  const balance = useBalance(services);
  const invoice = useInvoice(payments, logger);
  const { quote, open, creating } = invoice;
  const onCopyError = useCallback(
    (error: unknown) => logger.error(COPY_FAILED_LOG, error),
    [logger],
  );

  return (
    <section
      className="mx-auto flex w-full max-w-sm flex-col gap-4"
      aria-labelledby="pos-title"
      // For tests and support: the id of the invoice this screen is waiting for.
      data-quote-id={quote?.quote}
    >
      <header className="flex items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 id="pos-title" className="text-2xl font-bold text-slate-900">
            Point of Sale
          </h1>
          <p className="text-sm text-slate-500">Enter an amount in sats</p>
        </div>
        <p className="shrink-0 text-right text-xs font-medium text-slate-500">
          Balance
          <span
            data-testid="home-balance"
            data-balance={balance ?? undefined}
            className="block text-sm font-semibold text-slate-800 tabular-nums"
          >
            {balance === null ? '…' : `${sats.format(balance)} sats`}
          </span>
        </p>
      </header>

      <Keypad
        onSubmit={invoice.submit}
        // Keys must not change or resubmit the amount while its invoice is on screen.
        disabled={open || creating}
        resetKey={invoice.resetKey}
      />

      <div className="flex min-h-10 items-center justify-center" aria-live="polite">
        {creating ? (
          <p role="status" className="flex items-center gap-2 text-sm font-medium text-violet-700">
            <span
              aria-hidden="true"
              className="h-4 w-4 animate-spin rounded-full border-2 border-violet-300 border-t-violet-700"
            />
            {CREATING_INVOICE_TEXT}
          </p>
        ) : quote && !open ? (
          <button
            type="button"
            onClick={invoice.reopen}
            className="flex min-h-11 items-center gap-2 rounded-full bg-violet-50 px-4 py-2 text-sm font-medium text-violet-800 ring-1 ring-violet-200 hover:bg-violet-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600"
          >
            <span aria-hidden="true" className="h-2 w-2 animate-pulse rounded-full bg-amber-500" />
            Waiting for {sats.format(quote.amount)} sats · {SHOW_INVOICE_TEXT}
          </button>
        ) : null}
      </div>

      <InvoiceModal
        invoice={open && quote ? quote.request : null}
        amount={quote?.amount}
        onClose={invoice.close}
        onCopyError={onCopyError}
      />
    </section>
  );
}
