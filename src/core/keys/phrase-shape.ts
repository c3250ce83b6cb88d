// Phrase normalisation and word-count rule; no word list here, so it is cheap to import.

/** A phrase must have one of these word counts (docs/behaviour.md "Step 1, restore"). */
export const VALID_WORD_COUNTS: readonly number[] = [12, 15, 18, 21, 24];

/** Lower case, words separated by single spaces: what users paste often has stray whitespace. */
export function normalisePhrase(phrase: string): string {
  return phrase.normalize('NFKD').trim().toLowerCase().split(/\s+/u).filter(Boolean).join(' ');
}

export function countWords(phrase: string): number {
  const normalised = normalisePhrase(phrase);
  return normalised === '' ? 0 : normalised.split(' ').length;
}

export function phraseWordCountIsValid(phrase: string): boolean {
  return VALID_WORD_COUNTS.includes(countWords(phrase));
}
