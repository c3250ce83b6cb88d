// The day summary's figures in each fiat unit sales were charged in (decision 0091): sales by
// method, tips, tax and tax by rate, discounts, refunds, net and the tip-out, in the unit, below
// the sat figures and never added to them (docs/behaviour.md "Day close").
import type { DaySummary } from '../../core/records/day-summary';
import type { UnitDay } from '../../core/records/unit-day-tally';
import { amountOf } from '../../core/units/amount';
import { isFiatUnit, unitCurrency } from '../../core/units/unit';
import { UnitStaffTips } from './DayStaffTips';
import { Rows, type Row } from './LabelledRows';
import { hasTaxedRate, RateRows } from './SummaryRates';
import { useWalletWords } from './wallet-words';
import {
  SUMMARY_DISCOUNTS,
  SUMMARY_ECASH,
  SUMMARY_FEES_AMOUNT,
  SUMMARY_LIGHTNING,
  SUMMARY_NET,
  SUMMARY_RATES_IN,
  SUMMARY_REFUNDS,
  SUMMARY_SALES,
  SUMMARY_TAXES,
  SUMMARY_TIPS,
} from './locales/records/en.json';
import { SHIFT_CASH_RECORDED, SHIFT_SALES_IN, SHIFT_TALLY_AMOUNT } from './locales/shift/en.json';

function UnitFigures({ day }: { day: UnitDay }) {
  const { t, formats, amount } = useWalletWords();
  const { unit } = day;
  if (!isFiatUnit(unit)) return null;
  const currency = unitCurrency(unit);
  const money = (minor: number) => amount(amountOf(minor, unit));
  const tally = (count: number, minor: number) =>
    t(SHIFT_TALLY_AMOUNT, { count: formats.number(count), amount: money(minor) });
  // Test ids name the unit: `summary-usd-sales`, `summary-usd-rate-7-tax`.
  const id = (name: string) => `summary-${unit}-${name}`;
  const { lightning, ecash, cash } = day.byMethod;
  const rows: Row[] = [
    [t(SUMMARY_SALES), id('sales'), tally(day.count, day.minor)],
    [t(SUMMARY_LIGHTNING), id('lightning'), tally(lightning.count, lightning.minor)],
    [t(SUMMARY_ECASH), id('ecash'), tally(ecash.count, ecash.minor)],
    [t(SHIFT_CASH_RECORDED), id('cash'), tally(cash.count, cash.minor)],
    [t(SUMMARY_TIPS), id('tips'), money(day.tips)],
    [t(SUMMARY_TAXES), id('taxes'), money(day.taxes)],
    [t(SUMMARY_DISCOUNTS), id('discounts'), tally(day.discounts.count, day.discounts.minor)],
    [
      t(SUMMARY_REFUNDS),
      id('refunds'),
      `${tally(day.refunds.count, day.refunds.minor)}, ${t(SUMMARY_FEES_AMOUNT, { amount: money(day.refunds.fees) })}`,
    ],
    [t(SUMMARY_NET), id('net'), money(day.net)],
  ];
  const title = t(SHIFT_SALES_IN, { unit: currency });
  const ratesTitle = t(SUMMARY_RATES_IN, { unit: currency });
  return (
    <section aria-label={title} data-testid={`summary-unit-${unit}`}>
      <h3 className="pt-3 text-sm font-semibold text-slate-900">{title}</h3>
      <Rows rows={rows} label={title} />
      {hasTaxedRate(day.rates) ? (
        <>
          <h3 className="pt-2 text-sm font-semibold text-slate-900">{ratesTitle}</h3>
          <RateRows rates={day.rates} money={money} idPrefix={id('rate')} label={ratesTitle} />
        </>
      ) : null}
      <UnitStaffTips people={day.byStaff} unit={unit} />
    </section>
  );
}

export function DayUnitFigures({ summary }: { summary: DaySummary }) {
  return (
    <>
      {summary.salesInUnits.map((day) => (
        <UnitFigures key={day.unit} day={day} />
      ))}
    </>
  );
}
