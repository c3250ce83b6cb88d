// Why a shift could not be opened or closed, in the chosen language: core's fixed English messages
// (a shift already open, none open, a float, a role) found in the catalog by their English
// (docs/decisions/0063-texts-from-domain-values.md).
import { coreWords } from '../../ui/core-words';
import {
  SHIFT_ALREADY_OPEN,
  SHIFT_AMOUNT_INVALID,
  SHIFT_NOT_OPEN,
  SHIFT_ROLE_REFUSED,
} from './locales/shift/en.json';

export const shiftErrorText = coreWords({
  SHIFT_ALREADY_OPEN,
  SHIFT_AMOUNT_INVALID,
  SHIFT_NOT_OPEN,
  SHIFT_ROLE_REFUSED,
});
