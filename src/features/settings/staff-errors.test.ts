// The staff card's refusals: English exactly as core writes them, each one said in Spanish.
import { describe, expect, it } from 'vitest';
import { ENGLISH_FORMATS } from '../../core/i18n/formats';
import { PIN_FORMAT_MESSAGE } from '../../core/lock/pin';
import { STAFF_NAME_MESSAGE, STAFF_NAME_TAKEN_MESSAGE } from '../../core/staff/staff';
import { NOT_ALLOWED_MESSAGE, STAFF_FULL_MESSAGE } from '../../core/staff/till-staff';
import { spanishTexts } from '../../testing/ui/spanish';
import { englishText } from '../../ui/i18n';
import * as FIELD_ERRORS from '../../ui/locales/field-errors/es.json';
import * as STAFF from './locales/staff/es.json';
import { staffErrorText } from './staff-errors';

const MESSAGES = [
  PIN_FORMAT_MESSAGE,
  STAFF_NAME_MESSAGE,
  STAFF_NAME_TAKEN_MESSAGE,
  STAFF_FULL_MESSAGE,
  NOT_ALLOWED_MESSAGE,
];

describe('staff card errors in the language', () => {
  it('read in English exactly as core writes them', () => {
    for (const message of MESSAGES) {
      expect(staffErrorText(englishText, ENGLISH_FORMATS, message)).toBe(message);
    }
  });

  it('say every one in Spanish, the PIN format too', () => {
    const { t, formats } = spanishTexts(FIELD_ERRORS, STAFF);
    for (const message of MESSAGES) {
      expect(staffErrorText(t, formats, message), message).not.toBe(message);
    }
    expect(staffErrorText(t, formats, PIN_FORMAT_MESSAGE)).toBe(
      'El PIN debe tener de 4 a 12 dígitos',
    );
  });
});
