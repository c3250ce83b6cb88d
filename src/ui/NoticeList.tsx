// A notice card of things waiting on the merchant, a row each with its sats and time, and what the
// last action on them did read out under the list (alone once the list is empty).
import type { ReactNode } from 'react';
import { Card } from './Card';

/** The card: its id (its heading's and its test id), title and the note under the title. */
export interface NoticeCard {
  id: string;
  title: string;
  note: string;
}

export interface NoticeListProps<Row extends { id: string }> {
  card: NoticeCard;
  rows: readonly Row[];
  /** the row's own parts after its amount and time */
  row: (row: Row) => ReactNode;
  /** the row's amount and time, in the merchant's words */
  figures: (row: Row) => { sats: string; at: string; from?: string };
  /** rows stacked (their action under the figures) or in one line (actions at the end) */
  layout: 'stacked' | 'inline';
  outcome?: string | null;
  outcomeTestId: string;
  children?: ReactNode;
}

const LAYOUTS = {
  stacked: { list: 'space-y-3', row: 'space-y-1 text-sm' },
  // On a phone the buttons wrap under the amount and time rather than squeezing them.
  inline: { list: 'space-y-1', row: 'flex flex-wrap items-center gap-x-3 gap-y-1 text-sm' },
} as const;

export function NoticeList<Row extends { id: string }>({
  card,
  rows,
  row,
  figures,
  layout,
  outcome,
  outcomeTestId,
  children,
}: NoticeListProps<Row>) {
  const status = outcome ? (
    <p role="status" className="text-sm text-slate-700" data-testid={outcomeTestId}>
      {outcome}
    </p>
  ) : null;
  if (rows.length === 0) return status;
  const figuresOf = (of: Row) => {
    const { sats, at, from } = figures(of);
    return (
      <>
        <span className="whitespace-nowrap tabular-nums font-medium text-slate-900">{sats}</span>
        {from !== undefined ? <span className="break-all text-slate-600">{from}</span> : null}
        <span className="text-slate-600">{at}</span>
      </>
    );
  };
  return (
    <Card look="notice" gap={2} titleId={card.id} title={card.title} testId={card.id}>
      <p className="text-sm text-amber-900">{card.note}</p>
      <ul className={LAYOUTS[layout].list}>
        {rows.map((each) => (
          <li key={each.id} className={LAYOUTS[layout].row}>
            {layout === 'stacked' ? (
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">{figuresOf(each)}</div>
            ) : (
              figuresOf(each)
            )}
            {row(each)}
          </li>
        ))}
      </ul>
      {status}
      {children}
    </Card>
  );
}
