// The wallet's records: Export (the history of a date range as CSV, streamed page by page) and
// Today (the day summary, a Z-report), each in a dialog, for everyone or one person
// (docs/behaviour.md "Records").
import { lazy, Suspense, useEffect, useState } from 'react';
import { errorMessage } from '../../core/errors';
import type { Logger } from '../../core/logger';
import { booksCsv, booksCsvName } from '../../core/records/books-csv';
import { daySummary, type DaySummary } from '../../core/records/day-summary';
import { exportHistoryCsv } from '../../core/records/export';
import { localDate, localDayRange } from '../../core/records/local-day';
import type { HistoryRangeReader } from '../../core/records/types';
import type { StaffFilter } from '../../core/records/staff-filter';
import type { StaffMember } from '../../core/staff/staff';
import { PersonSelect } from './PersonSelect';
import { saveCsv } from './save-csv';
import { FieldError } from '../../ui/forms/FieldError';
import { Button } from '../../ui/Button';
import { FIELD_CLASS, LabelledField } from '../../ui/forms/TextField';
import { Modal } from '../../ui/Modal';
import { PrintArea, printPage } from '../../ui/receipt/PrintArea';
import { useWalletWords } from './wallet-words';
import { SummaryRates } from './SummaryRates';
import { Form } from '../../ui/forms/Form';
import { FormActions } from '../../ui/forms/FormActions';
import { Card } from '../../ui/Card';
import { useLineName } from '../../ui/cart/line-name';
import { DayStaffTips } from './DayStaffTips';
import { DayUnitFigures } from './DayUnitFigures';
import { Rows, type Row } from './LabelledRows';
import {
  CHART_LOADING,
  CHART_OPEN,
  DAY_INVALID,
  EXPORT_BAD_RANGE,
  EXPORT_BUSY,
  EXPORT_DOWNLOAD,
  EXPORT_FAILED,
  EXPORT_FROM,
  EXPORT_GROUP,
  EXPORT_NOTE,
  EXPORT_OPEN,
  EXPORT_TITLE,
  EXPORT_TO,
  RECORDS_CLOSE,
  RECORDS_TITLE,
  EXPORT_DONE,
  FEES,
  SATS_ONLY,
  SUMMARY_NO_FIAT,
  TALLY,
  SUMMARY_CASH_OUTS,
  SUMMARY_ECASH,
  SUMMARY_FIAT,
  SUMMARY_ITEMS,
  SUMMARY_LIGHTNING,
  SUMMARY_LOCAL,
  SUMMARY_NET,
  SUMMARY_BOOKS_CSV,
  SUMMARY_PRINT,
  SUMMARY_REFUNDS,
  SUMMARY_REMOTE,
  SUMMARY_SALES,
  SUMMARY_TAXES,
  SUMMARY_TIPS,
  SUMMARY_WITHDRAWALS,
  TODAY_DAY,
  TODAY_FAILED,
  TODAY_LOADING,
  TODAY_OPEN,
  TODAY_TITLE,
} from './locales/records/en.json';
import { SHIFT_CASH_RECORDED } from './locales/shift/en.json';

export interface RecordsPanelProps {
  reader: HistoryRangeReader;
  clock: () => number;
  logger: Logger;
  /** the staff list: with people on it, each dialog offers one person's figures; omitted: none */
  people?: () => Promise<readonly Pick<StaffMember, 'id' | 'name'>[]>;
}

type People = readonly Pick<StaffMember, 'id' | 'name'>[];

/** The staff list, read when a dialog opens (a person added since shows up); [] without one. */
function usePeople(open: boolean, read: RecordsPanelProps['people'], logger: Logger): People {
  const [people, setPeople] = useState<People>([]);
  useEffect(() => {
    if (!open || !read) return;
    let live = true;
    read().then(
      (list) => live && setPeople(list),
      (error: unknown) => logger.error('Could not read the staff list', error),
    );
    return () => {
      live = false;
    };
  }, [open, read, logger]);
  return people;
}

export function RecordsPanel({ reader, clock, logger, people: readPeople }: RecordsPanelProps) {
  const { t } = useWalletWords();
  const [open, setOpen] = useState<'export' | 'today' | null>(null);
  const people = usePeople(open !== null, readPeople, logger);
  const dialog = {
    onClose: () => setOpen(null),
    reader,
    today: localDate(clock()),
    logger,
    people,
  };
  return (
    <Card look="bare" titleId="wallet-records" title={t(RECORDS_TITLE)}>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => setOpen('today')}>
          {t(TODAY_OPEN)}
        </Button>
        <Button variant="outline" onClick={() => setOpen('export')}>
          {t(EXPORT_OPEN)}
        </Button>
      </div>
      <ExportDialog open={open === 'export'} {...dialog} />
      <TodayDialog open={open === 'today'} {...dialog} />
    </Card>
  );
}

interface DialogProps {
  open: boolean;
  onClose: () => void;
  reader: HistoryRangeReader;
  today: string;
  logger: Logger;
  /** the staff list; empty: no person to choose, every figure is everyone's */
  people: People;
}

function DateField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <LabelledField label={label} gap={1}>
      {(control) => (
        <input
          {...control}
          type="date"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={`${FIELD_CLASS} text-sm`}
        />
      )}
    </LabelledField>
  );
}

function ExportDialog({ open, onClose, reader, today, logger, people }: DialogProps) {
  const { t, formats } = useWalletWords();
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  const [staff, setStaff] = useState<StaffFilter>(undefined);
  const [grouped, setGrouped] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);

  const run = async () => {
    const start = localDayRange(from);
    const end = localDayRange(to);
    if (!start || !end || start.start > end.start) {
      setStatus({ text: start && end ? t(EXPORT_BAD_RANGE) : t(DAY_INVALID), error: true });
      return;
    }
    setBusy(true);
    setStatus(null);
    try {
      const parts: Blob[] = [];
      const count = await exportHistoryCsv({
        reader,
        from: start.start,
        to: end.end,
        write: (chunk) => void parts.push(new Blob([chunk])),
        ...(staff !== undefined ? { staff } : {}),
        ...(grouped ? { groupByStaff: true } : {}),
      });
      saveCsv(parts, `cashew-history-${from}-to-${to}.csv`);
      setStatus({ text: t(EXPORT_DONE, { count, n: formats.number(count) }), error: false });
    } catch (error) {
      logger.error('CSV export failed', error);
      setStatus({ text: `${t(EXPORT_FAILED)} (${errorMessage(error)})`, error: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} onClose={onClose} title={t(EXPORT_TITLE)} description={t(EXPORT_NOTE)}>
      <Form className="space-y-4" onSubmit={() => run()}>
        <div className="grid grid-cols-2 gap-3">
          <DateField label={t(EXPORT_FROM)} value={from} onChange={setFrom} />
          <DateField label={t(EXPORT_TO)} value={to} onChange={setTo} />
        </div>
        {people.length > 0 ? (
          <div className="flex flex-wrap items-end gap-3">
            <div className="min-w-40 flex-1">
              <PersonSelect people={people} value={staff} onChange={setStaff} />
            </div>
            <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                checked={grouped}
                onChange={(event) => setGrouped(event.target.checked)}
              />
              {t(EXPORT_GROUP)}
            </label>
          </div>
        ) : null}
        {status ? (
          <p
            role={status.error ? 'alert' : 'status'}
            data-testid="export-status"
            className={status.error ? 'text-sm text-red-700' : 'text-sm text-slate-700'}
          >
            {status.text}
          </p>
        ) : null}
        <FormActions
          cancel={t(RECORDS_CLOSE)}
          onCancel={onClose}
          submit={busy ? t(EXPORT_BUSY) : t(EXPORT_DOWNLOAD)}
          busy={busy}
        />
      </Form>
    </Modal>
  );
}

// The chart's code loads only when a day summary opens it.
const SalesChart = lazy(() => import('./SalesChart'));

type SummaryState =
  { step: 'loading' } | { step: 'done'; summary: DaySummary } | { step: 'failed'; text: string };

function TodayDialog({ open, onClose, reader, today, logger, people }: DialogProps) {
  const { t } = useWalletWords();
  const [day, setDay] = useState(today);
  const [staff, setStaff] = useState<StaffFilter>(undefined);
  // The result names its day and person: another's reads as loading, with no reset in the effect.
  const key = `${day}|${staff ?? '*'}`;
  const [result, setResult] = useState<{ key: string; state: SummaryState } | null>(null);
  const state: SummaryState = result && result.key === key ? result.state : { step: 'loading' };
  const [chart, setChart] = useState(false);

  useEffect(() => {
    if (!open) return;
    let live = true;
    daySummary(reader, day, undefined, staff)
      .then((summary) => {
        if (!live) return;
        setResult({
          key,
          state: summary ? { step: 'done', summary } : { step: 'failed', text: t(DAY_INVALID) },
        });
      })
      .catch((error: unknown) => {
        logger.error('Day summary failed', error);
        if (live) setResult({ key, state: { step: 'failed', text: t(TODAY_FAILED) } });
      });
    return () => {
      live = false;
    };
  }, [open, day, staff, key, reader, logger, t]);

  return (
    <Modal open={open} onClose={onClose} title={t(TODAY_TITLE)}>
      <div className="space-y-4">
        <DateField label={t(TODAY_DAY)} value={day} onChange={setDay} />
        {people.length > 0 ? (
          <PersonSelect people={people} value={staff} onChange={setStaff} />
        ) : null}
        {state.step === 'loading' ? (
          <p role="status" className="text-sm text-slate-500">
            {t(TODAY_LOADING)}
          </p>
        ) : state.step === 'failed' ? (
          <FieldError>{state.text}</FieldError>
        ) : (
          <SummaryTable summary={state.summary} />
        )}
        {chart && state.step === 'done' ? (
          <Suspense fallback={<p className="text-sm text-slate-500">{t(CHART_LOADING)}</p>}>
            <SalesChart
              reader={reader}
              day={state.summary.date}
              logger={logger}
              staff={staff}
              byPerson={people.length > 0}
            />
          </Suspense>
        ) : null}
        {open && state.step === 'done' ? (
          <PrintArea paper="80mm">
            <h2 className="text-base font-semibold">
              {t(TODAY_TITLE)} {state.summary.date}
            </h2>
            <SummaryTable summary={state.summary} />
          </PrintArea>
        ) : null}
        <div className="flex justify-end gap-2">
          {state.step === 'done' && !chart ? (
            <Button variant="outline" onClick={() => setChart(true)}>
              {t(CHART_OPEN)}
            </Button>
          ) : null}
          {state.step === 'done' ? (
            <Button
              variant="outline"
              onClick={() =>
                saveCsv([new Blob([booksCsv(state.summary)])], booksCsvName(state.summary.date))
              }
            >
              {t(SUMMARY_BOOKS_CSV)}
            </Button>
          ) : null}
          {state.step === 'done' ? <Button onClick={printPage}>{t(SUMMARY_PRINT)}</Button> : null}
          <Button type="button" variant="outline" onClick={onClose}>
            {t(RECORDS_CLOSE)}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

function SummaryTable({ summary }: { summary: DaySummary }) {
  const { t, formats } = useWalletWords();
  const nameOf = useLineName();
  const tallyText = (count: number, sats: number) =>
    t(TALLY, { count: formats.number(count), sats: formats.sats(sats) });
  const feesText = (sats: number) => t(FEES, { sats: formats.sats(sats) });
  const satsOnly = (sats: number) => t(SATS_ONLY, { sats: formats.sats(sats) });
  const rows: Row[] = [
    [t(SUMMARY_SALES), 'summary-sales', tallyText(summary.sales.count, summary.sales.sats)],
    ...summary.fiat.map((f): Row => [
      `${t(SUMMARY_FIAT)} (${f.currency})`,
      `summary-fiat-${f.currency}`,
      `${f.value} ${f.currency}`,
    ]),
    [t(SUMMARY_LOCAL), 'summary-local', tallyText(summary.local.count, summary.local.sats)],
    [t(SUMMARY_REMOTE), 'summary-remote', tallyText(summary.remote.count, summary.remote.sats)],
    [
      t(SUMMARY_WITHDRAWALS),
      'summary-withdrawals',
      tallyText(summary.withdrawals.count, summary.withdrawals.sats),
    ],
    [
      t(SUMMARY_CASH_OUTS),
      'summary-cash-outs',
      `${tallyText(summary.cashOuts.count, summary.cashOuts.sats)}, ${feesText(summary.cashOuts.fees)}`,
    ],
    [
      t(SUMMARY_LIGHTNING),
      'summary-lightning',
      tallyText(summary.byMethod.lightning.count, summary.byMethod.lightning.sats),
    ],
    [
      t(SUMMARY_ECASH),
      'summary-ecash',
      tallyText(summary.byMethod.ecash.count, summary.byMethod.ecash.sats),
    ],
    // Sales recorded as paid in cash (no sats moved): only at a till that took any.
    ...(summary.byMethod.cash.count > 0
      ? [
          [
            t(SHIFT_CASH_RECORDED),
            'summary-cash',
            tallyText(summary.byMethod.cash.count, summary.byMethod.cash.sats),
          ] satisfies Row,
        ]
      : []),
    [t(SUMMARY_TIPS), 'summary-tips', satsOnly(summary.tips)],
    [t(SUMMARY_TAXES), 'summary-taxes', satsOnly(summary.taxes)],
    [
      t(SUMMARY_REFUNDS),
      'summary-refunds',
      `${tallyText(summary.refunds.count, summary.refunds.sats)}, ${feesText(summary.refunds.fees)}`,
    ],
    [t(SUMMARY_NET), 'summary-net', satsOnly(summary.net)],
  ];
  const items = summary.items.map((item, index): Row => [
    item.placeholder ? nameOf({ name: item.name }) : item.name,
    `summary-item-${index}`,
    tallyText(item.quantity, item.sats),
  ]);
  return (
    <div data-testid="day-summary" data-day={summary.date}>
      <Rows rows={rows} />
      <SummaryRates summary={summary} />
      {items.length > 0 ? (
        <>
          <h3 className="pt-2 text-sm font-semibold text-slate-900">{t(SUMMARY_ITEMS)}</h3>
          <Rows rows={items} testId="summary-items" />
        </>
      ) : null}
      <DayStaffTips summary={summary} />
      <DayUnitFigures summary={summary} />
      {summary.salesWithoutFiat > 0 && summary.fiat.length > 0 ? (
        <p className="py-1 text-xs text-slate-500">
          {t(SUMMARY_NO_FIAT, {
            count: summary.salesWithoutFiat,
            n: formats.number(summary.salesWithoutFiat),
          })}
        </p>
      ) : null}
    </div>
  );
}
