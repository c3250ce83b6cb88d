// The paginated history (docs/behaviour.md "History"): compact rows newest first (label, signed
// amount, time; the rest behind Details), Previous/Next, 'Page X of Y', 'N of TOTAL events'.
import { useId, useState } from 'react';
import type { HistoryEvent, HistoryPage } from '../../core/history-ports';
import { Button } from '../../ui/Button';
import { formatFiatRecord } from '../../core/prices/convert';
import { isSale } from '../../core/receipts/refunds';
import { useTexts } from '../../ui/i18n';
import { RECEIPT_BUTTON } from '../../ui/locales/receipt-button/en.json';
import { cashOutNotesOf, formatMetadata, invoiceOf } from './metadata';
import { TECHNICAL_DETAILS, HISTORY, NEXT, NO_EVENTS, OTHER_DEVICE, PREVIOUS } from './texts.json';
import {
  cashierPriceNote,
  DETAILS,
  extraChangeNote,
  feeBeyondReserveNote,
  heldPriceNote,
  countText,
  historyLabel,
  isOutgoing,
  pageText,
  signedSatsText,
} from './texts';
import { totalPages } from './use-wallet-data';
import { rowWords } from './zero-rows';

export interface HistoryListProps {
  history: HistoryPage;
  page: number;
  onPage: (page: number) => void;
  loading?: boolean;
  /** opens a sale's receipt; no Receipt buttons when omitted */
  onReceipt?: (sale: HistoryEvent) => void;
}

export function HistoryList({ history, page, onPage, loading, onReceipt }: HistoryListProps) {
  const pages = totalPages(history.total, history.pageSize);
  return (
    <section aria-labelledby="wallet-history" className="space-y-3">
      <h2 id="wallet-history" className="text-lg font-semibold text-slate-900">
        {HISTORY}
      </h2>
      {history.total === 0 ? (
        <p className="text-slate-600">{NO_EVENTS}</p>
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
            aria-label="History pages"
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
              {PREVIOUS}
            </Button>
            <span className="flex min-w-0 flex-col items-center text-center text-xs leading-tight">
              <span data-testid="history-page">{pageText(page, pages)}</span>
              <span data-testid="history-count">
                {countText(history.events.length, history.total)}
              </span>
            </span>
            <Button
              variant="outline"
              size="md"
              className="shrink-0 px-3"
              disabled={loading || page >= pages}
              onClick={() => onPage(page + 1)}
            >
              {NEXT}
            </Button>
          </nav>
        </>
      )}
    </section>
  );
}

function HistoryItem({ event, onReceipt }: { event: HistoryEvent; onReceipt?: () => void }) {
  const t = useTexts();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const outgoing = isOutgoing(event.type);
  const invoice = invoiceOf(event.metadata);
  const notes = event.type === 'cash-out' ? cashOutNotesOf(event.metadata) : null;
  const words = rowWords(event);
  return (
    <li
      className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm"
      data-testid="history-item"
      data-type={event.type}
    >
      <div className="flex items-center gap-2">
        <div className="min-w-0 flex-1">
          <span className="block font-medium text-slate-900">
            {historyLabel(event.type)}
            {/* Recorded by another device of the phrase (docs/behaviour.md "Two devices on one phrase"). */}
            {event.device ? (
              <span
                className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-slate-700"
                data-testid="history-other-device"
              >
                {OTHER_DEVICE}
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
            <span className="block text-xs text-amber-800" data-testid="history-warning">
              {extraChangeNote(notes.extraChange)}
            </span>
          ) : null}
          {notes?.feeBeyondReserve ? (
            <span className="block text-xs text-amber-800" data-testid="history-warning">
              {feeBeyondReserveNote(notes.feeBeyondReserve)}
            </span>
          ) : null}
          {event.fiat?.cashierPrice !== undefined ? (
            <span className="block text-xs text-amber-800" data-testid="history-warning">
              {cashierPriceNote(event.fiat.price, event.fiat.cashierPrice, event.fiat.currency)}
            </span>
          ) : null}
          {event.fiat?.heldPrice !== undefined ? (
            <span className="block text-xs text-amber-800" data-testid="history-warning">
              {heldPriceNote(event.fiat.price, event.fiat.heldPrice, event.fiat.currency)}
            </span>
          ) : null}
          {words.note ? (
            <span className="block text-xs text-slate-700" data-testid="history-note">
              {words.note}
            </span>
          ) : null}
          <EventTime at={event.createdAt} />
        </div>
        <span
          className={`shrink-0 font-semibold tabular-nums ${outgoing ? 'text-slate-900' : 'text-emerald-700'}`}
          data-testid="history-amount"
        >
          {words.amount ?? signedSatsText(event.amount, outgoing)}
          {event.fiat ? (
            <span data-testid="history-fiat" className="block text-xs font-normal text-slate-600">
              {formatFiatRecord(event.fiat)}
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
          {DETAILS}
        </button>
      </div>
      {/* Kept in the page while closed (hidden), so search and support tools still find the ids. */}
      <div id={detailsId} hidden={!open} className="mt-2 space-y-1" data-testid="history-details">
        {event.mintUrl ? <p className="break-all text-slate-600">Mint: {event.mintUrl}</p> : null}
        {invoice ? <p className="break-all text-slate-600">Invoice: {invoice}</p> : null}
        {/* Ids, the stored type and the raw record (preimages included) for support, folded. */}
        <details className="text-slate-600" data-testid="history-technical">
          <summary className="min-h-11 cursor-pointer py-2 text-xs font-medium text-violet-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-600">
            {TECHNICAL_DETAILS}
          </summary>
          <p>Type: {event.type}</p>
          {event.device ? <p className="break-all">Device: {event.device}</p> : null}
          {event.quoteId ? <p className="break-all">Quote: {event.quoteId}</p> : null}
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
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return <span className="block text-xs text-slate-500">-</span>;
  return (
    <time className="block text-xs text-slate-500" dateTime={date.toISOString()}>
      {date.toLocaleString()}
    </time>
  );
}
