// The titled cards screens are built from: a <section> labelled by its <h2> title, white for a
// part of a screen, amber for a notice of what is waiting on the merchant, or bare on the page.
// A form that is itself the card takes the same classes (cardClasses).
import type { ReactNode, Ref } from 'react';

const GAPS = { 2: 'space-y-2', 3: 'space-y-3', 4: 'space-y-4' } as const;
const WHITE_TITLE = 'text-lg font-semibold text-slate-900';
const LOOKS = {
  ring: {
    card: 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6',
    title: WHITE_TITLE,
  },
  border: { card: 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm', title: WHITE_TITLE },
  notice: {
    card: 'rounded-xl border border-amber-200 bg-amber-50 p-4',
    title: 'font-semibold text-amber-900',
  },
  bare: { card: '', title: WHITE_TITLE },
  /** bare with a small title, under the screen's main part */
  minor: { card: '', title: 'text-sm font-semibold text-slate-700' },
} as const;

type Look = keyof typeof LOOKS;
type Gap = keyof typeof GAPS;

/** A card's classes and its title's, for a card that is another element (a form that is the card). */
export function cardClasses(look: Look = 'ring', gap: Gap = 3): { card: string; title: string } {
  return { card: `${GAPS[gap]} ${LOOKS[look].card}`.trim(), title: LOOKS[look].title };
}

export function Card({
  titleId,
  title,
  note,
  gap = 3,
  look = 'ring',
  id,
  ref,
  testId,
  children,
}: {
  /** id of the <h2>, which labels the section */
  titleId: string;
  title: ReactNode;
  /** what the card is for, in a line under its title */
  note?: ReactNode;
  gap?: Gap;
  look?: Look;
  id?: string;
  ref?: Ref<HTMLElement>;
  testId?: string;
  children: ReactNode;
}) {
  const classes = cardClasses(look, gap);
  return (
    <section
      id={id}
      ref={ref}
      aria-labelledby={titleId}
      className={classes.card}
      data-testid={testId}
    >
      <h2 id={titleId} className={classes.title}>
        {title}
      </h2>
      {note !== undefined ? <p className="text-sm text-slate-600">{note}</p> : null}
      {children}
    </section>
  );
}
