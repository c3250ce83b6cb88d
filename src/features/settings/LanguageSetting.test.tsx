// @vitest-environment happy-dom
// The language picker: it shows the stored choice, the browser's when there is none, and stores
// what the merchant picks (null for the browser's), putting it back when that fails.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../core/i18n/locales';
import { silentLogger } from '../../core/logger';
import { englishText } from '../../ui/i18n';
import { LanguageSetting, type LanguageChoice } from './LanguageSetting';
import { LANGUAGE_BROWSER, LANGUAGE_LABEL } from './locales/language/en.json';

function control(stored: Locale | null, fails = false) {
  let choice = stored;
  const language = {
    choice: vi.fn(async () => choice),
    setLanguage: vi.fn(async (next: Locale | null) => {
      if (fails) throw new Error('quota');
      choice = next;
    }),
  } satisfies LanguageChoice;
  render(<LanguageSetting language={language} logger={silentLogger} />);
  return language;
}

const picker = () =>
  screen.findByRole<HTMLSelectElement>('combobox', { name: englishText(LANGUAGE_LABEL) });

describe('LanguageSetting', () => {
  afterEach(cleanup);

  it('follows the browser until a language is chosen, then stores each choice', async () => {
    const language = control(null);
    const select = await picker();
    expect(select.value).toBe('browser');
    expect(screen.getByRole('option', { name: englishText(LANGUAGE_BROWSER) })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Português (Brasil)' })).toBeTruthy();

    fireEvent.change(select, { target: { value: 'de' } });
    await waitFor(() => expect(language.setLanguage).toHaveBeenCalledWith('de'));
    fireEvent.change(select, { target: { value: 'browser' } });
    await waitFor(() => expect(language.setLanguage).toHaveBeenLastCalledWith(null));
    expect(await language.choice()).toBeNull();
  });

  it('shows the stored choice, and puts it back when the new one cannot be saved', async () => {
    const language = control('fr', true);
    const select = await picker();
    expect(select.value).toBe('fr');
    fireEvent.change(select, { target: { value: 'es' } });
    await waitFor(() => expect(language.setLanguage).toHaveBeenCalledWith('es'));
    await waitFor(() => expect(select.value).toBe('fr'));
  });
});
