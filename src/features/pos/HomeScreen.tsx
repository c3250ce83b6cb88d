// Home (/): the point-of-sale screen where the merchant types an amount and shows the invoice.
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useFormats, useTexts } from '../../ui/i18n';
import { holdClicksWhile } from '../../ui/payment/hold-clicks';
import { InvoicePanel } from '../../ui/payment/InvoicePanel';
import { useMintLimits } from '../../ui/payment/use-mint-limits';
import { useWhenIdle } from '../../ui/use-when-idle';
import { usePainted } from '../../ui/after-paint';
import type { PosScreenProps } from './deps';
import { COPY_INVOICE_FAILED_LOG } from '../../ui/texts';
import { HomeBalance } from './HomeBalance';
import type { Unit } from '../../core/units/unit';
import { useFiatEntry } from './use-fiat-entry';
import { useInvoice } from './use-invoice';
import { useSaleRequest } from './use-sale-request';
import { useReceiveEcash } from './use-receive-ecash';
import { useSaleReceipt } from './use-sale-receipt';
import type { TillChoice } from './use-till-staff';
import { chargedBy, type Sale } from '../../core/sale/sale';
import {
  BALANCE_LABEL,
  ENTER_AMOUNT_IN,
  POS_TITLE,
  SATS_UNIT,
  SELL_BY,
  SELL_BY_ITEMS,
  SELL_BY_KEYPAD,
} from './locales/keypad/en.json';

// The Items side loads only when opened or once the keypad is idle: the keypad's first paint does
// not wait for it.
const ItemsSide = lazy(() => import('./ItemsSide'));
// Who is at the till: a bar of its own chunk, mounted once the keypad has painted (it shows
// nothing before the services' read anyway): its import and preload tags in the keypad's first
// render held that render up (docs/performance.md "First load").
const TillStaffBar = lazy(() =>
  import('./TillStaffBar').then((m) => ({ default: m.TillStaffBar })),
);
// Shown only when the price source's price jumps while a fiat amount is typed: its own chunk.
const PriceJumpConfirm = lazy(() =>
  import('../../ui/price-jump/PriceJumpConfirm').then((m) => ({ default: m.PriceJumpConfirm })),
);

export function HomeScreen({ services }: PosScreenProps) {
  const { payments, logger } = services;
  const t = useTexts();
  const formats = useFormats();
  // The till unit as the balance line read it (its own component: a sale's new balance renders
  // that line alone). Null while it is sats or not read yet.
  const [tillUnit, setTillUnit] = useState<{ unit: Unit; decimals: number } | null>(null);
  const onUnit = useCallback((unit: Unit, decimals: number) => {
    setTillUnit((current) =>
      unit === 'sat'
        ? null
        : current?.unit === unit && current.decimals === decimals
          ? current
          : { unit, decimals },
    );
  }, []);
  // A sale is made where it is charged, the keypad's by the fiat entry and the cart's by the
  // Items side, and handed whole to the invoice
  // (docs/architecture.md "A sale from Charge to the ledger").
  const invoice = useInvoice(payments, logger);
  // Who is at the till charges the sale; "Paid in cash" records it instead of an invoice
  // (docs/decisions/0066-staff-roles-and-shifts.md). The bar sets both once it has loaded.
  const [till, setTill] = useState<TillChoice>({});
  const [cashSales, setCashSales] = useState(0);
  const onCashRecorded = useCallback(() => setCashSales((n) => n + 1), []);
  const invoiceSubmit = invoice.submit;
  const isCreating = invoice.isCreating;
  const holdWhileCreating = useMemo(() => holdClicksWhile(isCreating), [isCreating]);
  const submitSale = useCallback(
    (sale: Sale) => {
      const charged = chargedBy(sale, till.staff);
      if (till.recordCash) till.recordCash(charged);
      else invoiceSubmit(charged);
    },
    [till, invoiceSubmit],
  );
  const painted = usePainted();
  const [mode, setMode] = useState<'keypad' | 'items'>('keypad');
  const [itemsOpened, setItemsOpened] = useState(false);
  if (mode === 'items' && !itemsOpened) setItemsOpened(true);
  // "Receive ecash" takes the typed amount's sale to its dialog instead.
  const receipt = useSaleReceipt(services.receipts, payments, logger);
  const ecash = useReceiveEcash(services.ecash, invoice, logger, receipt.onEcashSale);
  const fiat = useFiatEntry(services.prices, submitSale, logger);
  // A till charging in a fiat unit takes the typed cents as they are, no price in between
  // (docs/behaviour.md "Point of sale"); sats keep the fiat toggle.
  // The cart charges in the till's unit too: its lines in that currency as they are, in sats
  // converted (docs/decisions/0089-sat-prices-in-a-fiat-till.md).
  const { items } = services;
  const cartUnit = tillUnit && tillUnit.unit !== 'sat' ? tillUnit.unit : undefined;
  // The mint's keys load once the keypad is idle, so the first sale after a start does not wait
  // for them (docs/decisions/0037-prefetch-next-screens.md).
  const prepare = useCallback(() => payments.prepareInvoices(), [payments]);
  useWhenIdle(prepare);
  // The Items side is built hidden once the keypad is idle, its catalog read and its grid rendered,
  // so opening Items only shows it (docs/performance.md "Cart of 500 items").
  const hasItems = services.items !== undefined;
  const prepareItems = useCallback(() => {
    if (hasItems) setItemsOpened(true);
  }, [hasItems]);
  useWhenIdle(prepareItems);
  // Their code and database connection load once the keypad has painted (app/services/pos.ts),
  // beside its other services: a tap on Items before the idle build then waits for the reads and
  // the render only.
  const { items: itemStores } = services;
  useEffect(() => {
    void itemStores?.warm?.();
  }, [itemStores]);
  // The mint sets its limits per unit: a fiat till's keypad takes its cents within the usd ones.
  const limitsUnit = tillUnit?.unit ?? 'sat';
  const readLimits = useCallback(() => payments.amountLimits(limitsUnit), [payments, limitsUnit]);
  const limits = useMintLimits(
    readLimits,
    (error) => logger.warn('Could not read the mint amount limits', error),
    t,
    formats,
    tillUnit ? { currency: tillUnit.unit.toUpperCase(), decimals: tillUnit.decimals } : undefined,
  );
  const { invoice: quote } = invoice;
  const code = tillUnit?.unit.toUpperCase();
  const tillEntry = tillUnit && {
    unit: code!,
    mode: `till:${tillUnit.unit}`,
    display: (digits: string) =>
      formats.decimal(Number.parseInt(digits, 10) || 0, tillUnit.decimals),
  };
  const entry = tillEntry || fiat.entry;
  const quoteUnit = quote?.unit;
  const invoiceAmount =
    quote && quoteUnit && quoteUnit !== 'sat'
      ? formats.fiat(
          quote.amount,
          quoteUnit.toUpperCase(),
          quoteUnit === tillUnit?.unit ? tillUnit.decimals : 2,
        )
      : undefined;
  const ecashRequest = useSaleRequest(services.ecashRequests, quote, logger);
  const onCopyError = useCallback(
    (error: unknown) => logger.error(COPY_INVOICE_FAILED_LOG, error),
    [logger],
  );

  const keypadMode = mode === 'keypad' || !items;
  return (
    // Layouts (docs/behaviour.md "Layouts"): one column on a phone; from md the keypad beside the
    // last sale, and Items fills the screen's height below the shell (its top bar and padding up
    // to lg, the padding only from lg) so the cart's Charge never leaves it.
    <section
      className={`relative mx-auto flex w-full max-w-sm flex-col gap-4 md:max-w-none ${
        keypadMode ? '' : 'pb-20 md:h-[calc(100dvh-6.5rem-1px)] md:pb-0 lg:h-[calc(100dvh-4rem)]'
      }`}
      aria-labelledby="pos-title"
      data-wide-layout
      // For tests and support: the id of the invoice this screen is waiting for.
      data-quote-id={quote?.quote}
    >
      <header className="flex items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 id="pos-title" className="text-2xl font-bold text-slate-900">
            {t(POS_TITLE)}
          </h1>
          <p className="text-sm text-slate-500">
            {t(ENTER_AMOUNT_IN, { unit: entry?.unit ?? t(SATS_UNIT) })}
          </p>
        </div>
        <p className="shrink-0 text-right text-xs font-medium text-slate-500">
          {t(BALANCE_LABEL)}
          <HomeBalance services={services} onUnit={onUnit} />
        </p>
      </header>

      {items ? (
        <div className="flex gap-2 md:max-w-sm" role="group" aria-label={t(SELL_BY)}>
          {(['keypad', 'items'] as const).map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={mode === m}
              onClick={() => setMode(m)}
              className={`min-h-11 flex-1 rounded-lg text-sm font-medium ring-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600 ${
                mode === m
                  ? 'bg-violet-700 text-white ring-violet-700'
                  : 'bg-white text-slate-800 ring-slate-300'
              }`}
            >
              {m === 'keypad' ? t(SELL_BY_KEYPAD) : t(SELL_BY_ITEMS)}
            </button>
          ))}
        </div>
      ) : null}

      {services.staff && painted ? (
        <Suspense fallback={null}>
          <TillStaffBar
            staff={services.staff}
            logger={logger}
            onChange={setTill}
            onCashRecorded={onCashRecorded}
          />
        </Suspense>
      ) : null}

      {fiat.jump ? (
        <Suspense fallback={null}>
          <PriceJumpConfirm jump={fiat.jump} onUse={fiat.useNewPrice} onKeep={fiat.keepSatsOnly} />
        </Suspense>
      ) : null}

      {items && itemsOpened ? (
        <div
          // Built before it is asked for: behind the keypad the Items side is styled and laid out
          // in the section's box, invisible (no tap, focus or screen reader reaches it) and clipped
          // to it (the page does not grow), rather than display: none, so opening Items changes
          // this box only and does not style and lay out the whole side in that tap's frame
          // (docs/performance.md "Cart of 500 items").
          className={
            mode === 'items'
              ? 'md:flex md:min-h-0 md:flex-1 md:flex-col'
              : 'invisible absolute inset-0 overflow-clip md:flex md:flex-col'
          }
          // No line changes under a sale being charged, before the busy state disables the cart.
          onClickCapture={holdWhileCreating}
        >
          <Suspense fallback={null}>
            <ItemsSide
              items={items}
              logger={logger}
              fiat={fiat}
              onCharge={submitSale}
              busy={invoice.open || invoice.creating}
              // A cart recorded as paid in cash is done too: it empties as a paid invoice's does.
              paidKey={invoice.resetKey + cashSales}
              invoice={invoice}
              ecashRequest={ecashRequest}
              shopName={services.receipts?.sources.shopName}
              {...(cartUnit ? { unit: cartUnit } : {})}
              {...(till.staff ? { staff: till.staff } : {})}
            />
          </Suspense>
        </div>
      ) : null}

      <div
        className={
          keypadMode
            ? 'flex flex-col gap-4 md:grid md:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] md:items-start md:gap-x-8'
            : 'flex flex-col gap-4'
        }
      >
        <div className="flex flex-col gap-4">
          <InvoicePanel
            keypad={keypadMode}
            flow={{ ...ecash.flow, resetKey: ecash.flow.resetKey + cashSales }}
            submit={
              tillUnit ? (value) => submitSale({ amount: value, unit: tillUnit.unit }) : fiat.submit
            }
            invoice={quote}
            invoiceAmount={invoiceAmount}
            onCopyError={onCopyError}
            {...(limits ? { limits } : {})}
            entry={entry}
            invoiceFiat={fiat.fiatText(quote?.fiat)}
            ecashRequest={ecashRequest}
            {...(ecash.secondary
              ? {
                  secondary: ecash.secondary((value) => {
                    // A fiat till's ecash is in its unit, the typed cents as they are.
                    const sale = tillUnit
                      ? { amount: value, unit: tillUnit.unit }
                      : fiat.saleOf(value);
                    return sale && chargedBy(sale, till.staff);
                  }),
                }
              : {})}
            cardTaps={services.cardTaps}
          />
        </div>
        {/* Above the keypad on a phone, where under it it sat below the fold; beside it from md,
            from lg below where two payment toasts rest (docs/behaviour.md "Toasts"). */}
        <div className={`empty:hidden ${keypadMode ? 'order-first md:order-none lg:mt-28' : ''}`}>
          {receipt.view}
        </div>
      </div>
      {ecash.dialog}
    </section>
  );
}
