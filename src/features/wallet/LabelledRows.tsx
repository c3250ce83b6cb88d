// The figures of a day's summary or a shift's report: a list of label and value rows, each value
// findable by its test id.
/** [label, test id, value] */
export type Row = [string, string, string];

export function Rows({ rows, label, testId }: { rows: Row[]; label?: string; testId?: string }) {
  // A <dl> holds only <div>s of one <dt> and one <dd> (axe: definition-list, dlitem).
  return (
    <dl aria-label={label} className="divide-y divide-slate-100 text-sm" data-testid={testId}>
      {rows.map(([dt, rowTestId, dd]) => (
        <div key={rowTestId} className="flex justify-between gap-3 py-1">
          <dt className="text-slate-600">{dt}</dt>
          <dd
            data-testid={rowTestId}
            className="text-right font-semibold text-slate-900 tabular-nums"
          >
            {dd}
          </dd>
        </div>
      ))}
    </dl>
  );
}
