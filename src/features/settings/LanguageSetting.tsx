// Settings: the language of this till (docs/behaviour.md "Languages"): the browser's by default,
// or one of the five; shown at once and kept with the other settings in the backup.
import { useCallback, useState } from 'react';
import { isLocale, LOCALES, type Locale } from '../../core/i18n/locales';
import type { Logger } from '../../core/logger';
import { Card } from '../../ui/Card';
import { useTexts } from '../../ui/i18n';
import { SelectField } from '../../ui/forms/SelectField';
import { useSettingsSave } from './use-settings-save';
import { useRead } from '../../ui/use-read';
import {
  LANGUAGE_BROWSER,
  LANGUAGE_LABEL,
  LANGUAGE_NOTE,
  LANGUAGE_SAVE_FAILED,
  LANGUAGE_TITLE,
} from './locales/language/en.json';

/** Each language by its own name, so that a merchant finds theirs whatever is shown now. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  de: 'Deutsch',
  fr: 'Français',
};

/** The select's value for "follow the browser" (no stored choice). */
const BROWSER = 'browser';

/** The app's language control (app/start-up/language.ts), as much of it as the picker uses. */
export interface LanguageChoice {
  choice(): Promise<Locale | null>;
  setLanguage(choice: Locale | null): Promise<void>;
}

export function LanguageSetting({
  language,
  logger,
}: {
  language: LanguageChoice;
  logger: Logger;
}) {
  const t = useTexts();
  const [value, setValue] = useState<string>();
  const { saving, save } = useSettingsSave(logger);
  const read = useCallback(() => language.choice(), [language]);
  useRead(
    read,
    (choice) => setValue(choice ?? BROWSER),
    (error) => {
      logger.error('Could not read the language', error);
      setValue(BROWSER);
    },
  );
  if (value === undefined) return null;

  const onChange = async (next: string) => {
    const before = value;
    setValue(next);
    await save(() => language.setLanguage(isLocale(next) ? next : null), {
      failedLog: 'Saving the language failed',
      failed: t(LANGUAGE_SAVE_FAILED),
      undo: () => setValue(before),
    });
  };

  return (
    <Card titleId="language-setting" title={t(LANGUAGE_TITLE)} note={t(LANGUAGE_NOTE)}>
      <SelectField
        label={t(LANGUAGE_LABEL)}
        value={value}
        disabled={saving}
        onChange={(next) => void onChange(next)}
      >
        <option value={BROWSER}>{t(LANGUAGE_BROWSER)}</option>
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LANGUAGE_NAMES[locale]}
          </option>
        ))}
      </SelectField>
    </Card>
  );
}
