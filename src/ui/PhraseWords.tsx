// Shared UI: a recovery phrase as a numbered grid of words, so it is copied down in order.

export function PhraseWords({
  phrase,
  label = 'Recovery phrase',
}: {
  phrase: string;
  label?: string;
}) {
  const words = phrase.split(' ').filter(Boolean);
  return (
    <ol
      aria-label={label}
      data-testid="phrase-words"
      className="grid grid-cols-2 gap-2 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 sm:grid-cols-3"
    >
      {words.map((word, index) => (
        <li
          key={index}
          className="flex items-baseline gap-2 rounded-lg bg-white px-3 py-2 font-mono text-sm shadow-xs ring-1 ring-slate-200"
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
