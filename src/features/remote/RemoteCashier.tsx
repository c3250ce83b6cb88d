// The cashier's point of sale for one merchant: keypad, delivery status and the invoice modal.
import { useCallback } from 'react';
import { InvoicePanel } from '../../ui/InvoicePanel';
import type { RemoteServices } from './deps';
import type { RemoteLinkSettings } from './remote-link';
import { COPY_INVOICE_FAILED_LOG } from '../../ui/texts';
import { CREATING_INVOICES_FOR, MERCHANT_KEY_LABEL } from './texts';
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
  const { invoice } = state;
  const onCopyError = useCallback(
    (failure: unknown) => logger.error(COPY_INVOICE_FAILED_LOG, failure),
    [logger],
  );

  return (
    <section className="flex flex-col gap-4" data-quote-id={invoice?.quote}>
      <header className="space-y-1">
        {link.shopName ? (
          <>
            {/* The name from the link is text only: React escapes it, nothing is parsed as markup. */}
            <h1 className="text-xl font-bold break-words text-slate-900">
              {CREATING_INVOICES_FOR} {link.shopName}
            </h1>
            <p className="font-mono text-xs break-all text-slate-600">
              {MERCHANT_KEY_LABEL} {npub}
            </p>
          </>
        ) : (
          <h1 className="text-xl font-bold text-slate-900">
            {/* Text stays 'Creating invoices for {npub}'; the key gets its own line to wrap cleanly. */}
            {CREATING_INVOICES_FOR}{' '}
            <span className="mt-1 block rounded-lg bg-slate-100 px-3 py-2 font-mono text-xs font-medium break-all text-slate-700">
              {npub}
            </span>
          </h1>
        )}
        <p className="text-sm text-slate-500">Enter an amount in sats</p>
      </header>

      <InvoicePanel flow={state} invoice={invoice} onCopyError={onCopyError} />
    </section>
  );
}
