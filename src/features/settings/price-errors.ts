// Why the price source could not be used, in the chosen language: core's fixed English messages
// found in the catalog by their English, the ones with a currency, a price or a status by their
// key (docs/decisions/0063-texts-from-domain-values.md).
import { coreWords } from '../../ui/core-words';
import * as PRICE_ERRORS from './locales/price-errors/en.json';

export const priceErrorText = coreWords(PRICE_ERRORS);
