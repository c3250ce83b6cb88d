// The day summary's sales and tips per person, for the tip-out (docs/behaviour.md "Day close",
// decision 0066); shown only when a sale of the day names someone.
import type { DaySummary } from '../../core/records/day-summary';
import { Rows, type Row } from './LabelledRows';
import { useWalletWords } from './wallet-words';
import { TALLY } from './locales/records/en.json';
import {
  SHIFT_NO_ONE,
  SHIFT_OWNER,
  SHIFT_TIPS_BY_PERSON,
  SHIFT_TIPS_LINE,
} from './locales/shift/en.json';

export function DayStaffTips({ summary }: { summary: DaySummary }) {
  const { t, formats } = useWalletWords();
  if (!summary.byStaff.some((p) => p.id !== '')) return null;
  const rows: Row[] = summary.byStaff.map((p) => [
    p.id === '' ? t(SHIFT_NO_ONE) : p.id === 'owner' ? t(SHIFT_OWNER) : p.name,
    `summary-staff-${p.id || 'none'}`,
    t(SHIFT_TIPS_LINE, {
      sales: t(TALLY, { count: formats.number(p.sales.count), sats: formats.sats(p.sales.sats) }),
      tips: formats.sats(p.tips),
    }),
  ]);
  return (
    <>
      <h3 className="pt-2 text-sm font-semibold text-slate-900">{t(SHIFT_TIPS_BY_PERSON)}</h3>
      <Rows rows={rows} label={t(SHIFT_TIPS_BY_PERSON)} />
    </>
  );
}
