// Why Settings' staff card refused a change, in the chosen language: core's fixed English messages
// (a name, the list full, a role, the personal PIN's format) found in the catalogs by their English
// (docs/decisions/0063-texts-from-domain-values.md).
import { coreWords } from '../../ui/core-words';
import { PIN_FORMAT } from '../../ui/locales/field-errors/en.json';
import {
  STAFF_FULL,
  STAFF_NAME_INVALID,
  STAFF_NAME_TAKEN,
  STAFF_NOT_ALLOWED,
} from './locales/staff/en.json';

export const staffErrorText = coreWords({
  PIN_FORMAT,
  STAFF_FULL,
  STAFF_NAME_INVALID,
  STAFF_NAME_TAKEN,
  STAFF_NOT_ALLOWED,
});
