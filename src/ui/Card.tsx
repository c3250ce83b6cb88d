// The titled white card screens are built from: a <section> labelled by its <h2> title.
import type { ReactNode, Ref } from 'react';

const GAPS = { 2: 'space-y-2', 3: 'space-y-3', 4: 'space-y-4' } as const;
const LOOKS = {
  ring: 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6',
  border: 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm',
} as const;

export function Card({
  titleId,
  title,
  gap = 3,
  look = 'ring',
  id,
  ref,
  children,
}: {
  /** id of the <h2>, which labels the section */
  titleId: string;
  title: ReactNode;
  gap?: keyof typeof GAPS;
  look?: keyof typeof LOOKS;
  id?: string;
  ref?: Ref<HTMLElement>;
  children: ReactNode;
}) {
  return (
    <section id={id} ref={ref} aria-labelledby={titleId} className={`${GAPS[gap]} ${LOOKS[look]}`}>
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
