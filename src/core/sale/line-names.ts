// The names a sale stores for lines that are no catalog item: a keypad amount paid in ecash or
// cash ('Amount') and a cart's custom amount ('Custom amount'). They are stored in English, as
// keys every record of every language shares; screens and receipts show them in the shop's
// language (docs/behaviour.md "Receipts").
import type { SaleDetail, SaleLine } from './sale-detail';

/** The one line an ecash or cash sale at the keypad stores. */
export const KEYPAD_LINE_NAME = 'Amount';
/** A custom amount added to a cart. */
export const CUSTOM_LINE_NAME = 'Custom amount';

/** Which stored name a line without a catalog item carries, if any. */
export type PlaceholderLine = 'keypad' | 'custom';

export function placeholderOf(
  line: Pick<SaleLine, 'itemId' | 'name'>,
): PlaceholderLine | undefined {
  if (line.itemId !== undefined) return undefined;
  if (line.name === CUSTOM_LINE_NAME) return 'custom';
  if (line.name === KEYPAD_LINE_NAME) return 'keypad';
  return undefined;
}

/**
 * A sale that is a keypad amount alone (no cart): like a Lightning keypad sale, which stores no
 * lines, it sold no item.
 */
export function isKeypadAmount(detail: Pick<SaleDetail, 'lines'>): boolean {
  return detail.lines.length === 1 && placeholderOf(detail.lines[0]!) === 'keypad';
}

/** A line's name in the shop's language: `words` names the two stored placeholders. */
export function lineName(
  line: Pick<SaleLine, 'itemId' | 'name'>,
  words: { keypadLine: string; customLine: string },
): string {
  const placeholder = placeholderOf(line);
  if (placeholder === 'keypad') return words.keypadLine;
  if (placeholder === 'custom') return words.customLine;
  return line.name;
}
