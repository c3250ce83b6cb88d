// Rendering a component in a chosen language, or in English (the app's own) when none is given.
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { Language } from '../../core/i18n/messages';
import { LanguageContext } from '../../ui/i18n';

export function renderIn(ui: ReactElement, language?: Language) {
  return render(
    language ? <LanguageContext.Provider value={language}>{ui}</LanguageContext.Provider> : ui,
  );
}
