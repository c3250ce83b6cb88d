// The shift's refusals: English exactly as core writes them, each one said in Spanish.
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../core/errors';
import { ENGLISH_FORMATS } from '../../core/i18n/formats';
import { FLOAT_MESSAGE, NO_SHIFT_MESSAGE, SHIFT_OPEN_MESSAGE } from '../../core/staff/shift';
import { NOT_ALLOWED_MESSAGE } from '../../core/staff/till-staff';
import { spanishTexts } from '../../testing/ui/spanish';
import { englishText } from '../../ui/i18n';
import * as SHIFT from './locales/shift/es.json';
import { shiftErrorText } from './shift-errors';

const MESSAGES = [SHIFT_OPEN_MESSAGE, NO_SHIFT_MESSAGE, FLOAT_MESSAGE, NOT_ALLOWED_MESSAGE];

describe('shift refusals in the language', () => {
  it('read in English exactly as core writes them', () => {
    for (const message of MESSAGES) {
      expect(shiftErrorText(englishText, ENGLISH_FORMATS, new ValidationError(message))).toBe(
        message,
      );
    }
  });

  it('say every one in Spanish', () => {
    const { t, formats } = spanishTexts(SHIFT);
    for (const message of MESSAGES) {
      expect(shiftErrorText(t, formats, new ValidationError(message)), message).not.toBe(message);
    }
    expect(shiftErrorText(t, formats, new ValidationError(SHIFT_OPEN_MESSAGE))).toBe(
      'Ya hay un turno abierto',
    );
  });
});
