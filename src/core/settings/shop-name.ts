// The shop's name (docs/behaviour.md "Settings", "Remote cashier"): what Settings accepts and what
// the cashier page takes from a connect link. Shown as plain text only, never as markup.

export const SHOP_NAME_MAX = 40;
export const SHOP_NAME_TOO_LONG = `The shop name can be at most ${SHOP_NAME_MAX} characters.`;

/**
 * Control characters (line breaks, NUL, escape) and the invisible bidirectional controls that can
 * make a name read as something else (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F).
 */
const UNSAFE = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/** Counted in characters as a person sees them (an emoji is one), not UTF-16 units. */
function characters(value: string): string[] {
  return Array.from(value);
}

/** Unsafe characters removed, runs of spaces made one, ends trimmed. '' means no name. */
export function cleanShopName(value: string): string {
  return value.replace(UNSAFE, ' ').replace(/\s+/gu, ' ').trim();
}

/** The problem with a typed name, or undefined when it can be saved (an empty name is fine). */
export function shopNameProblem(value: string): string | undefined {
  return characters(cleanShopName(value)).length > SHOP_NAME_MAX ? SHOP_NAME_TOO_LONG : undefined;
}

/**
 * A name from outside (a link): cleaned and cut to the maximum, so a hand-made link cannot put a
 * page of text or invisible tricks in the cashier's heading.
 */
export function shopNameFromLink(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const name = characters(cleanShopName(value)).slice(0, SHOP_NAME_MAX).join('').trim();
  return name === '' ? undefined : name;
}
