// Why an item or a CSV row is refused, as core wrote it, in the chosen language
// (docs/decisions/0063-texts-from-domain-values.md).
import { coreWords } from '../../ui/core-words';
import * as TEXTS from './locales/item-errors/en.json';

/** Every number these messages carry (characters, decimals, items) is grouped as sats are. */
export const itemErrorText = coreWords(TEXTS);
