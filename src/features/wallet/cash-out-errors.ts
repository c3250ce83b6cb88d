// A cash-out's refusals in the chosen language: core's catalog key and values, or for a fixed
// message its English text matched to the catalog; a mint's refusal by its NUT code with the
// mint's own text; anything else as core wrote it (docs/decisions/0063-texts-from-domain-values.md).
import { coreWords, type CoreWords } from '../../ui/core-words';
import { mintRefusalText } from '../../ui/mint-refusal';
import * as TEXTS from './locales/cash-out-errors/en.json';

const ourWords = coreWords(TEXTS);

/** Every number a cash-out message carries is grouped as the language groups sats. */
export const cashOutErrorText: CoreWords = (t, formats, error) =>
  mintRefusalText(t, error) ?? ourWords(t, formats, error);
