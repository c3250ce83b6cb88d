// What core found wrong in a mint URL, a relay line or a new PIN, in the chosen language: shared
// by onboarding and Settings (docs/decisions/0063-texts-from-domain-values.md).
import { useMemo } from 'react';
import { coreWords } from '../core-words';
import { useFormats, useTexts } from '../i18n';
import * as TEXTS from '../locales/field-errors/en.json';

export const fieldErrorText = coreWords(TEXTS);

/** A field's problem (core's error, ErrorWords or fixed English message) in the screen's language. */
export function useFieldErrorText(): (said: unknown) => string {
  const t = useTexts();
  const formats = useFormats();
  return useMemo(() => (said: unknown) => fieldErrorText(t, formats, said), [t, formats]);
}
