// The day summary's sales and tips per person, for the tip-out (docs/behaviour.md "Day close",
// decision 0066): the sat sales', and each fiat unit's apart (decision 0091); shown only when a
// sale names someone.
import type { DaySummary, StaffTips } from '../../core/records/day-summary';
import { amountOf } from '../../core/units/amount';
import { unitCurrency, type FiatUnit } from '../../core/units/unit';
import { Rows, type Row } from './LabelledRows';
import { useWalletWords } from './wallet-words';
import {
  SUMMARY_TIPS_BY_PERSON_IN,
  SUMMARY_TIPS_LINE_AMOUNT,
  TALLY,
} from './locales/records/en.json';
import {
  SHIFT_NO_ONE,
  SHIFT_OWNER,
  SHIFT_TALLY_AMOUNT,
  SHIFT_TIPS_BY_PERSON,
  SHIFT_TIPS_LINE,
} from './locales/shift/en.json';

/** The people list, its heading and rows; `unit`: a fiat unit's people, their cents as amounts. */
function PeopleTips({ people, unit }: { people: readonly StaffTips[]; unit?: FiatUnit }) {
  const { t, formats, amount } = useWalletWords();
  if (!people.some((p) => p.id !== '')) return null;
  const money = (minor: number) => amount(amountOf(minor, unit ?? 'sat'));
  const line = (p: StaffTips) =>
    unit
      ? t(SUMMARY_TIPS_LINE_AMOUNT, {
          sales: t(SHIFT_TALLY_AMOUNT, {
            count: formats.number(p.sales.count),
            amount: money(p.sales.sats),
          }),
          tips: money(p.tips),
        })
      : t(SHIFT_TIPS_LINE, {
          sales: t(TALLY, {
            count: formats.number(p.sales.count),
            sats: formats.sats(p.sales.sats),
          }),
          tips: formats.sats(p.tips),
        });
  const rows: Row[] = people.map((p) => [
    p.id === '' ? t(SHIFT_NO_ONE) : p.id === 'owner' ? t(SHIFT_OWNER) : p.name,
    `summary-${unit ? `${unit}-` : ''}staff-${p.id || 'none'}`,
    line(p),
  ]);
  const title = unit
    ? t(SUMMARY_TIPS_BY_PERSON_IN, { unit: unitCurrency(unit) })
    : t(SHIFT_TIPS_BY_PERSON);
  return (
    <>
      <h3 className="pt-2 text-sm font-semibold text-slate-900">{title}</h3>
      <Rows rows={rows} label={title} />
    </>
  );
}

export function DayStaffTips({ summary }: { summary: DaySummary }) {
  return <PeopleTips people={summary.byStaff} />;
}

/** One fiat unit's people: their sales and tips in that unit, never in the sat list. */
export function UnitStaffTips({ people, unit }: { people: readonly StaffTips[]; unit: FiatUnit }) {
  return <PeopleTips people={people} unit={unit} />;
}
