// Every text catalog (src/**/locales/<part>/<locale>.json, decision 0055) in every language: the
// same keys as English, the same arguments, valid ICU messages, and no key in two catalogs.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../core/i18n/locales';

const SRC = join(import.meta.dirname, '..');

/** Each catalog folder: a `locales/<part>` folder somewhere under src. */
function catalogFolders(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory() || entry.name === 'node_modules') return [];
    const path = join(dir, entry.name);
    if (entry.name !== 'locales') return catalogFolders(path);
    return readdirSync(path, { withFileTypes: true })
      .filter((part) => part.isDirectory())
      .map((part) => join(path, part.name));
  });
}

const read = (folder: string, locale: string): Record<string, string> =>
  JSON.parse(readFileSync(join(folder, `${locale}.json`), 'utf8')) as Record<string, string>;

/** The argument names a message uses ({unit}, {count, plural, …}), sorted. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: unknown[]) => {
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      names.add(String(token[0]));
      const cases = token[2];
      if (cases && typeof cases === 'object') {
        for (const value of Object.values(cases)) if (Array.isArray(value)) walk(value);
      }
    }
  };
  walk(compileMessageOrThrow(message) as unknown[]);
  return [...names].sort();
}

const folders = catalogFolders(SRC);

describe('text catalogs', () => {
  it('are found (the keypad and the invoice at least)', () => {
    const names = folders.map((folder) => relative(SRC, folder));
    expect(names).toEqual(
      expect.arrayContaining([
        'features/pos/locales/keypad',
        'features/pos/locales/receive',
        'ui/locales/keypad',
        'ui/locales/invoice',
      ]),
    );
  });

  describe.each(folders.map((folder) => [relative(SRC, folder), folder]))('%s', (_, folder) => {
    const english = read(folder, 'en');

    it('has a file for every language and no other', () => {
      const files = readdirSync(folder).sort();
      expect(files).toEqual(LOCALES.map((locale) => `${locale}.json`).sort());
    });

    it.each(LOCALES.filter((locale) => locale !== 'en'))(
      '%s has every English key, no other, with the same arguments',
      (locale) => {
        const translated = read(folder, locale);
        expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
        for (const [key, message] of Object.entries(english)) {
          expect([key, argumentsOf(translated[key] ?? '')]).toEqual([key, argumentsOf(message)]);
        }
      },
    );

    it('holds only ICU messages the build can compile', () => {
      for (const locale of LOCALES) {
        for (const [key, message] of Object.entries(read(folder, locale))) {
          expect(() => compileMessageOrThrow(message), `${locale} ${key}`).not.toThrow();
        }
      }
    });
  });

  it('share no key: a language is one table of every catalog', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const folder of folders) {
      for (const key of Object.keys(read(folder, 'en'))) {
        const other = seen.get(key);
        if (other) twice.push(`${key}: ${other} and ${relative(SRC, folder)}`);
        seen.set(key, relative(SRC, folder));
      }
    }
    expect(twice).toEqual([]);
  });
});
