// The cashier's point of sale for one merchant: keypad, delivery status and the invoice modal.
import { useCallback } from 'react';
import { InvoiceModal } from '../../ui/InvoiceModal';
import { Keypad } from '../../ui/Keypad';
import type { RemoteServices } from './deps';
import type { RemoteLinkSettings } from './remote-link';
import {
  COPY_INVOICE_FAILED_LOG,
  CREATING_INVOICE_TEXT,
  CREATING_INVOICES_FOR,
  SHOW_INVOICE_TEXT,
} from './texts';
import { useRemoteInvoice } from './use-remote-invoice';

export interface RemoteCashierProps {
  services: RemoteServices;
  npub: string;
  merchantPubkeyHex: string;
  link: RemoteLinkSettings;
}

export function RemoteCashier({ services, npub, merchantPubkeyHex, link }: RemoteCashierProps) {
  const { logger } = services;
  const state = useRemoteInvoice(services, merchantPubkeyHex, link);
  const { invoice, open, creating, error } = state;
  const onCopyError = useCallback(
    (failure: unknown) => logger.error(COPY_INVOICE_FAILED_LOG, failure),
    [logger],
  );

  return (
    <section className="flex flex-col gap-4" data-quote-id={invoice?.quote}>
      <header className="space-y-1">
        <h1 className="text-xl font-bold text-slate-900">
          {/* Text stays 'Creating invoices for {npub}'; the key gets its own line to wrap cleanly. */}
          {CREATING_INVOICES_FOR}{' '}
          <span className="mt-1 block rounded-lg bg-slate-100 px-3 py-2 font-mono text-xs font-medium break-all text-slate-700">
            {npub}
          </span>
        </h1>
        <p className="text-sm text-slate-500">Enter an amount in sats</p>
      </header>

      <Keypad onSubmit={state.submit} disabled={open || creating} resetKey={state.resetKey} />

      <div className="flex min-h-10 items-center justify-center" aria-live="polite">
        {creating ? (
          <p role="status" className="flex items-center gap-2 text-sm font-medium text-violet-700">
            <span
              aria-hidden="true"
              className="h-4 w-4 animate-spin rounded-full border-2 border-violet-300 border-t-violet-700"
            />
            {CREATING_INVOICE_TEXT}
          </p>
        ) : error ? (
          <p
            role="alert"
            data-testid="remote-error"
            className="rounded-lg bg-red-50 p-3 text-sm text-red-800"
          >
            {error}
          </p>
        ) : invoice && !open ? (
          <button
            type="button"
            onClick={state.reopen}
            className="flex min-h-11 items-center gap-2 rounded-full bg-violet-50 px-4 py-2 text-sm font-medium text-violet-800 ring-1 ring-violet-200 hover:bg-violet-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600"
          >
            <span aria-hidden="true" className="h-2 w-2 animate-pulse rounded-full bg-amber-500" />
            Waiting for {invoice.amount} sats · {SHOW_INVOICE_TEXT}
          </button>
        ) : null}
      </div>

      <InvoiceModal
        invoice={open && invoice ? invoice.request : null}
        amount={invoice?.amount}
        onClose={state.close}
        onCopyError={onCopyError}
      />
    </section>
  );
}
