// @vitest-environment happy-dom
// The app's language: the browser's at first, the merchant's choice once made or read back,
// other languages' texts loaded only then (decision 0055).
import { describe, expect, it } from 'vitest';
import type { LanguageStore } from '../../core/i18n/language-store';
import type { Locale } from '../../core/i18n/locales';
import { silentLogger } from '../../core/logger';
import { createLanguage } from './language';

function memoryStore(initial: Locale | null = null): LanguageStore & { value: Locale | null } {
  const store = {
    value: initial,
    language: () => Promise.resolve(store.value),
    setLanguage: (choice: Locale | null) => {
      store.value = choice;
      return Promise.resolve();
    },
  };
  return store;
}

function start(browser: string[], hint?: string, store = memoryStore()) {
  const created = createLanguage({
    browser,
    hint,
    store: () => Promise.resolve(store),
    logger: silentLogger,
  });
  return { ...created, store };
}

describe('createLanguage', () => {
  it('shows English with nothing loaded for an English browser', async () => {
    const { source, ready } = start(['en-US']);
    await ready;
    expect(source.get().formats.locale).toBe('en');
    expect(source.get().messages).toEqual({});
  });

  it("loads a Spanish browser's catalogs before the first render", async () => {
    const { source, ready } = start(['es-ES', 'en']);
    await ready;
    expect(source.get().formats.locale).toBe('es');
    expect(source.get().messages.KEYPAD_SUBMIT).toBeDefined();
    expect(source.get().messages.POS_TITLE).toBeDefined();
    expect(document.documentElement.lang).toBe('es');
  });

  it('goes by the copy of a choice over the browser, and a new choice is stored and shown', async () => {
    const { source, control, ready, store } = start(['en-US'], 'de');
    await ready;
    expect(control.current()).toBe('de');
    let changes = 0;
    source.subscribe(() => (changes += 1));
    await control.setLanguage('fr');
    expect(store.value).toBe('fr');
    expect(control.current()).toBe('fr');
    expect(changes).toBe(1);
    await control.setLanguage(null);
    expect(control.current()).toBe('en');
  });

  it('goes by the browser when the copy or the row names a language it does not speak', async () => {
    const { control, ready } = start(['de-DE'], 'xx', memoryStore('klingon' as Locale));
    await ready;
    expect(control.current()).toBe('de');
    expect(await control.choice()).toBeNull();
    await control.followStored();
    expect(control.current()).toBe('de');
  });

  it('moves to the stored choice once it is read, when its copy said otherwise', async () => {
    const { control, ready } = start(['en-US'], undefined, memoryStore('pt-BR'));
    await ready;
    expect(control.current()).toBe('en');
    await control.followStored();
    expect(control.current()).toBe('pt-BR');
  });
});
