// Shared UI: a recovery phrase as a numbered grid of words, so it is copied down in order, and the
// grid's place while the words are being made.
import type { ReactNode } from 'react';

const GRID =
  'grid grid-cols-2 gap-2 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 sm:grid-cols-3';
/** One word's cell: the placeholder's cells must be as tall. */
const CELL = 'rounded-lg bg-white px-3 py-2 font-mono text-sm';

export function PhraseWords({
  phrase,
  label = 'Recovery phrase',
}: {
  phrase: string;
  label?: string;
}) {
  const words = phrase.split(' ').filter(Boolean);
  return (
    <ol aria-label={label} data-testid="phrase-words" className={GRID}>
      {words.map((word, index) => (
        <li
          key={index}
          className={`flex items-baseline gap-2 shadow-xs ring-1 ring-slate-200 ${CELL}`}
        >
          <span className="w-5 text-right text-xs text-slate-500 select-none">{index + 1}.</span>
          <span className="text-slate-900" data-testid="phrase-word">
            {word}
          </span>
        </li>
      ))}
    </ol>
  );
}

/**
 * Holds the grid's size while the words are being made, with `children` (what is happening) over
 * it: the checkbox and buttons below do not move when the words arrive, so a tap aimed at them
 * lands on them.
 */
export function PhraseWordsPlaceholder({
  words = 12,
  children,
}: {
  words?: number;
  children: ReactNode;
}) {
  return (
    <div className="relative">
      <div aria-hidden="true" className={GRID}>
        {Array.from({ length: words }, (_, index) => (
          <div key={index} className={`ring-1 ring-slate-100 ${CELL}`}>
            {'\u00a0'}
          </div>
        ))}
      </div>
      <p className="absolute inset-0 flex items-center justify-center text-sm text-slate-500">
        <span className="rounded-md bg-slate-50 px-2 py-1">{children}</span>
      </p>
    </div>
  );
}
