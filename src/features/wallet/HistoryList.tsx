// The paginated history (docs/behaviour.md "History"): items newest first, Previous/Next, 'Page X
// of Y', 'N of TOTAL events'.
import type { HistoryEvent, HistoryPage } from '../../core/ports';
import { Button } from '../../ui/Button';
import { formatFiatRecord } from '../../core/prices/convert';
import { formatMetadata } from './metadata';
import { HISTORY, NEXT, NO_EVENTS, PREVIOUS, countText, pageText, satsText } from './texts';
import { totalPages } from './use-wallet-data';

export interface HistoryListProps {
  history: HistoryPage;
  page: number;
  onPage: (page: number) => void;
  loading?: boolean;
}

export function HistoryList({ history, page, onPage, loading }: HistoryListProps) {
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
              <HistoryItem key={event.id} event={event} />
            ))}
          </ul>
          <nav
            aria-label="History pages"
            className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700"
          >
            <Button
              variant="outline"
              size="md"
              disabled={loading || page <= 1}
              onClick={() => onPage(page - 1)}
            >
              {PREVIOUS}
            </Button>
            <span data-testid="history-page">{pageText(page, pages)}</span>
            <span data-testid="history-count">
              {countText(history.events.length, history.total)}
            </span>
            <Button
              variant="outline"
              size="md"
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

function HistoryItem({ event }: { event: HistoryEvent }) {
  return (
    <li
      className="rounded-lg border border-slate-200 bg-white p-3 text-sm"
      data-testid="history-item"
      data-type={event.type}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium text-slate-900">{event.type}</span>
        <span className="font-semibold tabular-nums text-slate-900">
          {satsText(event.amount)}
          {event.fiat ? (
            <span data-testid="history-fiat" className="ml-2 font-normal text-slate-600">
              {formatFiatRecord(event.fiat)}
            </span>
          ) : null}
        </span>
      </div>
      <EventTime at={event.createdAt} />
      {event.mintUrl ? <p className="break-all text-slate-600">Mint: {event.mintUrl}</p> : null}
      {event.quoteId ? <p className="break-all text-slate-600">Quote: {event.quoteId}</p> : null}
      {event.metadata ? (
        <pre
          className="mt-1 overflow-x-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs text-slate-700"
          data-testid="history-metadata"
        >
          {formatMetadata(event.metadata)}
        </pre>
      ) : null}
    </li>
  );
}

/** Locale time; a corrupt timestamp from old data must not break the whole list. */
function EventTime({ at }: { at: number }) {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return <span className="block text-slate-500">-</span>;
  return (
    <time className="block text-slate-500" dateTime={date.toISOString()}>
      {date.toLocaleString()}
    </time>
  );
}
