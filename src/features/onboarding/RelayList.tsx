// The relays chosen during onboarding, one a line: boxed while they are edited, plain in the summary.
const LOOKS = {
  boxed:
    'rounded-md bg-slate-50 break-all px-3 py-1.5 font-mono text-xs text-slate-700 ring-1 ring-slate-200',
  plain: 'font-mono text-xs break-all text-slate-700',
};

export function RelayList({ relays, look }: { relays: string[]; look: keyof typeof LOOKS }) {
  return (
    <ul className="space-y-1">
      {relays.map((relay, index) => (
        <li key={`${index}-${relay}`} className={LOOKS[look]}>
          {relay}
        </li>
      ))}
    </ul>
  );
}
