// Home (/): the point-of-sale screen where the merchant types an amount and shows the invoice.
import { useCallback, useLayoutEffect, useRef } from 'react';
import type { FiatRecord } from '../../core/ports';
import { formatSats } from '../../ui/format-sats';
import { InvoicePanel } from '../../ui/InvoicePanel';
import { useMintLimits } from '../../ui/use-mint-limits';
import type { PosScreenProps } from './deps';
import { COPY_INVOICE_FAILED_LOG } from '../../ui/texts';
import { PriceJumpConfirm } from './PriceJumpConfirm';
import { enterAmountIn, SATS_UNIT } from './texts';
import { useBalance } from './use-balance';
import { useFiatEntry } from './use-fiat-entry';
import { useInvoice } from './use-invoice';
import { useSaleRequest } from './use-sale-request';

export function HomeScreen({ services }: PosScreenProps) {
  const { payments, logger } = services;
  const balance = useBalance(services);
  // The fiat entry needs the invoice's submit and the invoice needs the fiat record of what was
  // typed: the record is read through a ref that always holds the latest render's function.
  const fiatOfRef = useRef<(sats: number) => FiatRecord | undefined>(() => undefined);
  const fiatOf = useCallback((sats: number) => fiatOfRef.current(sats), []);
  const invoice = useInvoice(payments, logger, fiatOf);
  const fiat = useFiatEntry(services.prices, invoice.submit, logger);
  useLayoutEffect(() => {
    fiatOfRef.current = fiat.fiatOf;
  });
  const readLimits = useCallback(() => payments.amountLimits(), [payments]);
  const limits = useMintLimits(readLimits, (error) =>
    logger.warn('Could not read the mint amount limits', error),
  );
  const { invoice: quote } = invoice;
  const ecashRequest = useSaleRequest(services.ecashRequests, quote, logger);
  const onCopyError = useCallback(
    (error: unknown) => logger.error(COPY_INVOICE_FAILED_LOG, error),
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
          <p className="text-sm text-slate-500">{enterAmountIn(fiat.entry?.unit ?? SATS_UNIT)}</p>
        </div>
        <p className="shrink-0 text-right text-xs font-medium text-slate-500">
          Balance
          <span
            data-testid="home-balance"
            data-balance={balance ?? undefined}
            className="block text-sm font-semibold text-slate-800 tabular-nums"
          >
            {balance === null ? '…' : `${formatSats(balance)} sats`}
          </span>
        </p>
      </header>

      {fiat.jump ? (
        <PriceJumpConfirm jump={fiat.jump} onUse={fiat.useNewPrice} onKeep={fiat.keepSatsOnly} />
      ) : null}

      <InvoicePanel
        flow={invoice}
        invoice={quote}
        onCopyError={onCopyError}
        {...(limits ? { limits } : {})}
        entry={fiat.entry}
        invoiceFiat={fiat.fiatText(quote?.fiat)}
        ecashRequest={ecashRequest}
      />
    </section>
  );
}
