// The chosen language: a config row (none: the browser decides) and its copy for the first render.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { memoryWebStorage } from '../../testing/memory-web-storage';
import { freshDbName, testStorage } from '../../testing/storage/db';
import { CONFIG_KEYS } from '../database/key-names';
import { languageHintKey, readLanguageHint } from '../first-screen/language-hint';

function setup() {
  const hintStorage = memoryWebStorage();
  const dbName = freshDbName();
  const storage = testStorage(dbName, hintStorage);
  return { storage, hintStorage, dbName };
}

describe('DexieLanguageStore', () => {
  it('has no choice on a new device; a choice is kept, with its copy, until it is taken back', async () => {
    const { storage, hintStorage, dbName } = setup();
    try {
      expect(await storage.language.language()).toBeNull();
      await storage.language.setLanguage('pt-BR');
      expect(await storage.language.language()).toBe('pt-BR');
      expect(readLanguageHint(dbName, hintStorage)).toBe('pt-BR');
      await storage.language.setLanguage(null);
      expect(await storage.language.language()).toBeNull();
      expect(readLanguageHint(dbName, hintStorage)).toBeUndefined();
      expect(await storage.db.config.get(CONFIG_KEYS.language)).toBeUndefined();
    } finally {
      storage.close();
    }
  });

  it('reads the row as written and puts the copy in step with it', async () => {
    const { storage, hintStorage, dbName } = setup();
    try {
      hintStorage.setItem(languageHintKey(dbName), 'de');
      await storage.db.config.put({ key: CONFIG_KEYS.language, value: 'fr', updatedAt: 2 });
      expect(await storage.language.language()).toBe('fr');
      expect(readLanguageHint(dbName, hintStorage)).toBe('fr');
      await storage.db.config.delete(CONFIG_KEYS.language);
      expect(await storage.language.language()).toBeNull();
      expect(readLanguageHint(dbName, hintStorage)).toBeUndefined();
    } finally {
      storage.close();
    }
  });
});
