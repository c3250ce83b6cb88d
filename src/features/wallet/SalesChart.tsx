// Records' sales chart, loaded only when opened: a day's sales by hour, a month's by day (for
// everyone or one person) or a day's by person, as a hand-drawn SVG bar chart with a text summary
// for screen readers (docs/behaviour.md "Day close").
import { useEffect, useState } from 'react';
import type { Logger } from '../../core/logger';
import {
  salesByDay,
  salesByHour,
  salesByPerson,
  type SalesBar,
  type SalesSeries,
} from '../../core/records/sales-chart';
import type { StaffFilter } from '../../core/records/staff-filter';
import type { HistoryRangeReader } from '../../core/records/types';
import { FieldError } from '../../ui/forms/FieldError';
import { SegmentToggle, type SegmentOption } from '../../ui/forms/Segmented';
import { useWalletWords } from './wallet-words';
import {
  CHART_BAR,
  CHART_BY_DAY,
  CHART_BY_HOUR,
  CHART_BY_PERSON,
  CHART_SUMMARY_PEOPLE,
  CHART_SUMMARY,
  CHART_SUMMARY_BEST,
  CHART_FAILED,
  CHART_LOADING,
  CHART_PERIOD,
} from './locales/records/en.json';
import { SHIFT_NO_ONE, SHIFT_OWNER } from './locales/shift/en.json';

const W = 320;
const H = 120;
const AXIS = 14;

export interface SalesChartProps {
  reader: HistoryRangeReader;
  /** 'YYYY-MM-DD' of the day shown; the month is its month */
  day: string;
  logger: Logger;
  /** only this person's sales (staff-filter.ts); undefined: everyone's */
  staff?: StaffFilter;
  /** offer a day's sales by person (the shop has a staff list) */
  byPerson?: boolean;
}

type Period = SalesSeries['period'];

type Loaded = { key: string; series: SalesSeries | null };

export default function SalesChart({ reader, day, logger, staff, byPerson }: SalesChartProps) {
  const { t } = useWalletWords();
  // By person only for everyone: one person's chart is one bar.
  const people = byPerson === true && staff === undefined;
  const periods: readonly SegmentOption<Period>[] = [
    { value: 'day', label: t(CHART_BY_HOUR) },
    { value: 'month', label: t(CHART_BY_DAY) },
    ...(people ? [{ value: 'person' as const, label: t(CHART_BY_PERSON) }] : []),
  ];
  const [chosen, setPeriod] = useState<Period>('day');
  const period = chosen === 'person' && !people ? 'day' : chosen;
  const key = `${period}:${day}:${staff ?? '*'}`;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    let live = true;
    const read =
      period === 'person'
        ? salesByPerson(reader, day)
        : period === 'day'
          ? salesByHour(reader, day, staff)
          : salesByDay(reader, day.slice(0, 7), staff);
    read
      .then((series) => live && setLoaded({ key, series: series ?? null }))
      .catch((error: unknown) => {
        logger.error('Sales chart failed', error);
        if (live) setLoaded({ key, series: null });
      });
    return () => {
      live = false;
    };
  }, [reader, day, period, staff, key, logger]);
  const series = loaded?.key === key ? loaded.series : undefined;

  return (
    <div className="space-y-2" data-testid="sales-chart">
      <SegmentToggle
        label={t(CHART_PERIOD)}
        options={periods}
        value={period}
        onChange={setPeriod}
      />
      {series === undefined ? (
        <p role="status" className="text-sm text-slate-500">
          {t(CHART_LOADING)}
        </p>
      ) : series === null ? (
        <FieldError>{t(CHART_FAILED)}</FieldError>
      ) : (
        <Bars series={series} />
      )}
    </div>
  );
}

function Bars({ series }: { series: SalesSeries }) {
  const { t, formats } = useWalletWords();
  // A person's bar is named as the day summary names them.
  const name = (bar: SalesBar) =>
    bar.staff === 'owner' ? t(SHIFT_OWNER) : bar.staff === '' ? t(SHIFT_NO_ONE) : bar.label;
  const named =
    series.period === 'person'
      ? series.bars.map((bar) => ({ ...bar, label: name(bar) }))
      : series.bars;
  // A day with no sale has no person: the chart still draws its axis.
  const bars: SalesBar[] = named.length > 0 ? named : [{ label: '', sats: 0, count: 0 }];
  const max = Math.max(1, ...bars.map((bar) => bar.sats));
  const total = bars.reduce((sum, bar) => sum + bar.sats, 0);
  const best = bars.reduce((top, bar) => (bar.sats > top.sats ? bar : top), bars[0]!);
  const step = W / bars.length;
  // Every label would crowd a phone: every 6th hour, every 5th day; each person's.
  const every = series.period === 'day' ? 6 : series.period === 'month' ? 5 : 1;
  // Summed by person, the bars are the day's sales: the day's texts say so.
  const period = series.period === 'person' ? 'day' : series.period;
  const summary =
    best.sats > 0
      ? series.period === 'person'
        ? t(CHART_SUMMARY_PEOPLE, { total: formats.sats(total), best: best.label })
        : t(CHART_SUMMARY_BEST, { period, total: formats.sats(total), best: best.label })
      : t(CHART_SUMMARY, { period, total: formats.sats(total) });
  return (
    <figure className="space-y-1">
      <svg
        viewBox={`0 0 ${W} ${H + AXIS}`}
        className="h-auto w-full"
        role="img"
        aria-label={summary}
        data-bars={bars.map((bar) => bar.sats).join(',')}
      >
        {bars.map((bar, i) => {
          const h = Math.round((bar.sats / max) * H);
          return (
            <g key={`${bar.staff ?? ''}:${bar.label}`}>
              <rect
                x={i * step + step * 0.15}
                y={H - h}
                width={step * 0.7}
                height={h}
                className="fill-violet-600"
              >
                <title>{t(CHART_BAR, { label: bar.label, sats: formats.sats(bar.sats) })}</title>
              </rect>
              {i % every === 0 ? (
                <text
                  x={i * step + step / 2}
                  y={H + AXIS - 2}
                  textAnchor="middle"
                  className="fill-slate-700 text-[10px]"
                >
                  {bar.label}
                </text>
              ) : null}
            </g>
          );
        })}
        <line x1={0} x2={W} y1={H} y2={H} className="stroke-slate-400" />
      </svg>
      <figcaption className="text-xs text-slate-600">{summary}</figcaption>
    </figure>
  );
}
