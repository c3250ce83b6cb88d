// A shift's report as the screen and the printer show it: sales by method, tips, discounts, refunds,
// each person's share, the drawer's expected against counted cash, and the days it spans
// (docs/behaviour.md "Shifts").
import { currencyDecimals } from '../../core/prices/currencies';
import { localDate } from '../../core/records/local-day';
import type { ShiftReport, Tally } from '../../core/staff/shift';
import type { StaffRef } from '../../core/staff/staff';
import { Rows, type Row } from './LabelledRows';
import { useWalletWords } from './wallet-words';
import { amountOf } from '../../core/units/amount';
import { isFiatUnit, unitCurrency } from '../../core/units/unit';
import {
  SATS_ONLY,
  TALLY,
  SUMMARY_ECASH,
  SUMMARY_LIGHTNING,
  SUMMARY_REFUNDS,
  SUMMARY_SALES,
  SUMMARY_TIPS,
} from './locales/records/en.json';
import {
  SHIFT_BY_STAFF,
  SHIFT_CASH_RECORDED,
  SHIFT_CASH_SALES,
  SHIFT_CLOSED,
  SHIFT_COUNTED_ROW,
  SHIFT_DAYS,
  SHIFT_DISCOUNTS,
  SHIFT_DRAWER,
  SHIFT_EXPECTED,
  SHIFT_FLOAT_ROW,
  SHIFT_NO_ONE,
  SHIFT_OPENED,
  SHIFT_OVER_SHORT,
  SHIFT_OWNER,
  SHIFT_PERSON_LINE,
  SHIFT_PERSON_LINE_AMOUNTS,
  SHIFT_SALES_IN,
  SHIFT_SATS,
  SHIFT_STILL_OPEN,
  SHIFT_TALLY_AMOUNT,
  SHIFT_WHEN_WHO,
} from './locales/shift/en.json';

/** Cash in the shift's units: its currency's minor units, or sats for a shop showing sats only. */
export function useCashText(currency: string | undefined) {
  const { t, formats } = useWalletWords();
  return (minor: number) =>
    currency
      ? formats.fiat(minor, currency, currencyDecimals(currency))
      : t(SATS_ONLY, { sats: formats.sats(minor) });
}

export function ShiftReportView({ report }: { report: ShiftReport }) {
  const { t, formats, amount } = useWalletWords();
  const { shift, cash } = report;
  const cashText = useCashText(shift.currency);
  // A shift opened in a fiat unit has its figures in that unit's cents (decision 0067).
  const saleUnit = shift.unit;
  const tally = ({ count, sats }: Tally) =>
    saleUnit
      ? t(SHIFT_TALLY_AMOUNT, {
          count: formats.number(count),
          amount: amount(amountOf(sats, saleUnit)),
        })
      : t(TALLY, { count: formats.number(count), sats: formats.sats(sats) });
  const sats = (n: number) =>
    saleUnit ? amount(amountOf(n, saleUnit)) : t(SATS_ONLY, { sats: formats.sats(n) });
  const name = (ref: StaffRef) => (ref.role === 'owner' ? t(SHIFT_OWNER) : ref.name);
  const at = (ms: number) => `${localDate(ms)} ${formats.time(ms)}`;
  const signed = (minor: number) => `${minor < 0 ? '−' : '+'}${cashText(Math.abs(minor))}`;
  const rows: Row[] = [
    [
      t(SHIFT_OPENED),
      'shift-opened',
      t(SHIFT_WHEN_WHO, { time: at(shift.openedAt), name: name(shift.openedBy) }),
    ],
    [
      t(SHIFT_CLOSED),
      'shift-closed',
      shift.closedAt !== undefined && shift.closedBy
        ? t(SHIFT_WHEN_WHO, { time: at(shift.closedAt), name: name(shift.closedBy) })
        : t(SHIFT_STILL_OPEN),
    ],
    [t(SUMMARY_SALES), 'shift-sales', tally(report.sales)],
    [t(SUMMARY_LIGHTNING), 'shift-lightning', tally(report.byMethod.lightning)],
    [t(SUMMARY_ECASH), 'shift-ecash', tally(report.byMethod.ecash)],
    [t(SHIFT_CASH_RECORDED), 'shift-cash', tally(report.byMethod.cash)],
    [t(SUMMARY_TIPS), 'shift-tips', sats(report.tips)],
    [t(SHIFT_DISCOUNTS), 'shift-discounts', sats(report.discounts)],
    [t(SUMMARY_REFUNDS), 'shift-refunds', tally(report.refunds)],
    // Sales in another unit than the shift's, never added to its figures.
    ...report.otherUnits.map(({ unit, count, minor }): Row => [
      t(SHIFT_SALES_IN, { unit: isFiatUnit(unit) ? unitCurrency(unit) : t(SHIFT_SATS) }),
      `shift-sales-${unit}`,
      t(SHIFT_TALLY_AMOUNT, {
        count: formats.number(count),
        amount: amount(amountOf(minor, unit)),
      }),
    ]),
  ];
  const drawer: Row[] = [
    [t(SHIFT_FLOAT_ROW), 'shift-float', cashText(cash.float)],
    [t(SHIFT_CASH_SALES), 'shift-cash-sales', cashText(cash.sales)],
    [t(SHIFT_EXPECTED), 'shift-expected', cashText(cash.expected)],
    ...(cash.counted !== undefined && cash.overShort !== undefined
      ? ([
          [t(SHIFT_COUNTED_ROW), 'shift-counted', cashText(cash.counted)],
          [t(SHIFT_OVER_SHORT), 'shift-over-short', signed(cash.overShort)],
        ] satisfies Row[])
      : []),
  ];
  const people: Row[] = report.byStaff.map((p) => [
    p.id === '' ? t(SHIFT_NO_ONE) : p.id === 'owner' ? t(SHIFT_OWNER) : p.name,
    `shift-person-${p.id || 'none'}`,
    saleUnit
      ? t(SHIFT_PERSON_LINE_AMOUNTS, {
          sales: tally(p.sales),
          tips: sats(p.tips),
          cash: cashText(p.cashMinor),
          refunds: tally(p.refunds),
        })
      : t(SHIFT_PERSON_LINE, {
          sales: tally(p.sales),
          tips: formats.sats(p.tips),
          cash: cashText(p.cashMinor),
          refunds: tally(p.refunds),
        }),
  ]);
  const days: Row[] = report.days.map((d) => [d.date, `shift-day-${d.date}`, tally(d.sales)]);
  const heading = 'mt-3 text-sm font-semibold text-slate-900';
  return (
    <div data-testid="shift-report" data-shift-id={shift.id} className="text-sm">
      <Rows rows={rows} />
      <h3 className={heading}>{t(SHIFT_BY_STAFF)}</h3>
      <Rows rows={people} label={t(SHIFT_BY_STAFF)} />
      <h3 className={heading}>{t(SHIFT_DRAWER)}</h3>
      <Rows rows={drawer} label={t(SHIFT_DRAWER)} />
      <h3 className={heading}>{t(SHIFT_DAYS)}</h3>
      <Rows rows={days} label={t(SHIFT_DAYS)} />
    </div>
  );
}
