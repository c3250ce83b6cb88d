// The paginated history (docs/behaviour.md "History"): compact rows newest first (label, signed
// amount, time; the rest behind Details), Previous/Next, 'Page X of Y', 'N of TOTAL events'.
import { useId, useState, type ReactNode } from 'react';
import type { HistoryEvent, HistoryPage } from '../../core/history-ports';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { isSale } from '../../core/receipts/refunds';
import { RECEIPT_BUTTON } from '../../ui/locales/receipt-button/en.json';
import { RECEIPT_NUMBER } from '../../ui/locales/receipt/en.json';
import { cashOutNotesOf, formatMetadata, invoiceOf } from './metadata';
import { historyKind } from '../../core/history-kinds';
import { MAX_STATED_PRICE_GAP } from '../../core/prices/stated-fiat';
import { useWalletWords } from './wallet-words';
import { amountOf } from '../../core/units/amount';
import { totalPages } from './use-wallet-data';
import { rowWords } from './zero-rows';
import {
  AFTER_REVOCATION_NOTE,
  CASHIER_LINES_NOTE,
  CASHIER_PRICE_NOTE,
  DETAILS_DEVICE,
  DETAILS_INVOICE,
  DETAILS_MINT,
  DETAILS_QUOTE,
  DETAILS_TYPE,
  EVENTS_COUNT,
  EXTRA_CHANGE_NOTE,
  FEE_BEYOND_RESERVE_NOTE,
  HELD_PRICE_NOTE,
  HISTORY_KIND,
  HISTORY_PAGES,
  PAGE_OF,
  WALLET_SATS_IN,
  WALLET_UNIT_IN,
  WALLET_UNIT_OUT,
  WALLET_SATS_OUT,
  DETAILS,
  HISTORY,
  NEXT,
  NO_EVENTS,
  OTHER_DEVICE,
  PREVIOUS,
  TECHNICAL_DETAILS,
} from './locales/wallet/en.json';

export interface HistoryListProps {
  history: HistoryPage;
  page: number;
  onPage: (page: number) => void;
  loading?: boolean;
  /** opens a sale's receipt; no Receipt buttons when omitted */
  onReceipt?: (sale: HistoryEvent) => void;
}

/** A cancelled token's amount is the swap fee, the only sats that left (its own stayed). */
const isOutgoing = (type: string) => historyKind(type)?.direction === 'out';

export function HistoryList({ history, page, onPage, loading, onReceipt }: HistoryListProps) {
  const { t } = useWalletWords();
  const pages = totalPages(history.total, history.pageSize);
  return (
    <Card look="bare" titleId="wallet-history" title={t(HISTORY)}>
      {history.total === 0 ? (
        <p className="text-slate-600">{t(NO_EVENTS)}</p>
      ) : (
        <>
          <ul className="space-y-2" data-testid="history-list">
            {history.events.map((event) => (
              <HistoryItem
                key={event.id}
                event={event}
                {...(onReceipt && isSale(event) ? { onReceipt: () => onReceipt(event) } : {})}
              />
            ))}
          </ul>
          <nav
            aria-label={t(HISTORY_PAGES)}
            // One line down to 320 px: the two counts stack between the buttons.
            className="flex flex-nowrap items-center justify-between gap-2 text-slate-700"
          >
            <Button
              variant="outline"
              size="md"
              className="shrink-0 px-3"
              disabled={loading || page <= 1}
              onClick={() => onPage(page - 1)}
            >
              {t(PREVIOUS)}
            </Button>
            <span className="flex min-w-0 flex-col items-center text-center text-xs leading-tight">
              <span data-testid="history-page">{t(PAGE_OF, { page, pages })}</span>
              <span data-testid="history-count">
                {t(EVENTS_COUNT, {
                  shown: history.events.length,
                  total: history.total,
                })}
              </span>
            </span>
            <Button
              variant="outline"
              size="md"
              className="shrink-0 px-3"
              disabled={loading || page >= pages}
              onClick={() => onPage(page + 1)}
            >
              {t(NEXT)}
            </Button>
          </nav>
        </>
      )}
    </Card>
  );
}

function HistoryItem({ event, onReceipt }: { event: HistoryEvent; onReceipt?: () => void }) {
  const words = useWalletWords();
  const { t, formats } = words;
  /** "12,000 sats" with the language's grouping and plural; a price as a number in the language. */
  const satsOf = (sats: number) => ({ count: sats, sats: formats.sats(sats) });
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const outgoing = isOutgoing(event.type);
  const invoice = invoiceOf(event.metadata);
  const notes = event.type === 'cash-out' ? cashOutNotesOf(event.metadata) : null;
  const zero = rowWords(event, words);
  return (
    <li
      className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm"
      data-testid="history-item"
      data-type={event.type}
    >
      <div className="flex items-center gap-2">
        <div className="min-w-0 flex-1">
          <span className="block font-medium text-slate-900">
            {t(HISTORY_KIND, { key: event.type.replaceAll('-', '_'), kind: event.type })}
            {/* Recorded by another device of the phrase (docs/behaviour.md "Two devices on one phrase"). */}
            {event.device ? (
              <span
                className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-slate-700"
                data-testid="history-other-device"
              >
                {t(OTHER_DEVICE)}
              </span>
            ) : null}
          </span>
          {notes?.description ? (
            <span
              className="block break-words text-xs text-slate-700"
              data-testid="history-description"
            >
              {notes.description}
            </span>
          ) : null}
          {notes?.extraChange ? (
            <Warning>{t(EXTRA_CHANGE_NOTE, satsOf(notes.extraChange))}</Warning>
          ) : null}
          {notes?.feeBeyondReserve ? (
            <Warning>{t(FEE_BEYOND_RESERVE_NOTE, satsOf(notes.feeBeyondReserve))}</Warning>
          ) : null}
          {event.fiat?.cashierPrice !== undefined ? (
            <Warning>
              {t(CASHIER_PRICE_NOTE, {
                used: formats.number(event.fiat.price),
                stated: formats.number(event.fiat.cashierPrice),
                currency: event.fiat.currency,
                gap: formats.number(MAX_STATED_PRICE_GAP * 100),
              })}
            </Warning>
          ) : null}
          {/* The cashier's lines did not match the catalog (docs/behaviour.md "History"). */}
          {event.sale?.note === 'cashier-lines' ? <Warning>{t(CASHIER_LINES_NOTE)}</Warning> : null}
          {/* A revoked staff link's paid sale still lands (docs/behaviour.md "Staff links"). */}
          {event.staff?.afterRevocation ? (
            <Warning>{t(AFTER_REVOCATION_NOTE, { name: event.staff.name })}</Warning>
          ) : null}
          {event.fiat?.heldPrice !== undefined ? (
            <Warning>
              {t(HELD_PRICE_NOTE, {
                used: formats.number(event.fiat.price),
                held: formats.number(event.fiat.heldPrice),
                currency: event.fiat.currency,
              })}
            </Warning>
          ) : null}
          {zero.note ? (
            <span className="block text-xs text-slate-700" data-testid="history-note">
              {zero.note}
            </span>
          ) : null}
          <EventTime at={event.createdAt} />
        </div>
        <span
          className={`shrink-0 font-semibold tabular-nums ${outgoing ? 'text-slate-900' : 'text-emerald-700'}`}
          data-testid="history-amount"
        >
          {/* A sale charged in a fiat unit reads in it ("+3.50 USD"), never as sats (decision 0067). */}
          {event.unit && event.unit !== 'sat'
            ? t(outgoing ? WALLET_UNIT_OUT : WALLET_UNIT_IN, {
                amount: words.amount(amountOf(event.amount, event.unit)),
              })
            : (zero.amount ??
              (event.amount === 0
                ? words.sats(0)
                : t(outgoing ? WALLET_SATS_OUT : WALLET_SATS_IN, satsOf(event.amount))))}
          {event.fiat ? (
            <span data-testid="history-fiat" className="block text-xs font-normal text-slate-600">
              {words.fiat(event.fiat)}
            </span>
          ) : null}
        </span>
        {onReceipt ? (
          <button type="button" className={ROW_BUTTON} onClick={onReceipt}>
            {t(RECEIPT_BUTTON)}
          </button>
        ) : null}
        <button
          type="button"
          className={ROW_BUTTON}
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((value) => !value)}
        >
          {t(DETAILS)}
        </button>
      </div>
      {/* Kept in the page while closed (hidden), so search and support tools still find the ids. */}
      <div id={detailsId} hidden={!open} className="mt-2 space-y-1" data-testid="history-details">
        {event.receiptNumber ? (
          <p className="text-slate-600" data-testid="history-receipt-number">
            {t(RECEIPT_NUMBER, { number: event.receiptNumber })}
          </p>
        ) : null}
        {event.mintUrl ? (
          <p className="break-all text-slate-600">{t(DETAILS_MINT, { mint: event.mintUrl })}</p>
        ) : null}
        {invoice ? (
          <p className="break-all text-slate-600">{t(DETAILS_INVOICE, { invoice })}</p>
        ) : null}
        {/* Ids, the stored type and the raw record (preimages included) for support, folded. */}
        <details className="text-slate-600" data-testid="history-technical">
          <summary className="min-h-11 cursor-pointer py-2 text-xs font-medium text-violet-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600">
            {t(TECHNICAL_DETAILS)}
          </summary>
          <p>{t(DETAILS_TYPE, { type: event.type })}</p>
          {event.device ? (
            <p className="break-all">{t(DETAILS_DEVICE, { device: event.device })}</p>
          ) : null}
          {event.quoteId ? (
            <p className="break-all">{t(DETAILS_QUOTE, { quote: event.quoteId })}</p>
          ) : null}
          {event.metadata ? (
            <pre
              className="overflow-x-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs text-slate-700"
              data-testid="history-metadata"
            >
              {formatMetadata(event.metadata)}
            </pre>
          ) : null}
        </details>
      </div>
    </li>
  );
}

const ROW_BUTTON =
  'min-h-11 shrink-0 rounded-md px-2 text-xs font-medium text-violet-700 hover:bg-violet-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600';

/** Locale time; a corrupt timestamp from old data must not break the whole list. */
function EventTime({ at }: { at: number }) {
  const { locale } = useWalletWords().formats;
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return <span className="block text-xs text-slate-500">-</span>;
  return (
    <time className="block text-xs text-slate-500" dateTime={date.toISOString()}>
      {date.toLocaleString(locale)}
    </time>
  );
}

/** A note under a history row that the merchant should look at (a fee, a price, a change). */
function Warning({ children }: { children: ReactNode }) {
  return (
    <span className="block text-xs text-amber-800" data-testid="history-warning">
      {children}
    </span>
  );
}
