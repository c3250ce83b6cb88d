// A titled part inside a Settings card (prices, accepted mints): a rule above, its <h3> and a note.
import type { ReactNode } from 'react';

const GAPS = {
  3: 'space-y-3 border-t border-slate-100 pt-3',
  4: 'space-y-4 border-t border-slate-100 pt-4',
};

export function SettingsPart({
  titleId,
  title,
  note,
  gap,
  children,
}: {
  /** id of the <h3>, for what it labels */
  titleId: string;
  title: string;
  note: string;
  gap: keyof typeof GAPS;
  children: ReactNode;
}) {
  return (
    <div className={GAPS[gap]}>
      <h3 id={titleId} className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      <p className="text-sm text-slate-600">{note}</p>
      {children}
    </div>
  );
}
