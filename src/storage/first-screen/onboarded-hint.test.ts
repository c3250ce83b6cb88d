// The ONBOARDED flag's copy: read and written per database, and a storage that fails is never fatal.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { memoryWebStorage } from '../../testing/memory-web-storage';
import {
  onboardedHintKey,
  readOnboardedHint,
  writeOnboardedHint,
  type HintStorage,
} from './onboarded-hint';
import { freshDbName, testStorage } from '../../testing/storage/db';

const memoryStorage: () => HintStorage & { items: Map<string, string> } = memoryWebStorage;

const refusing: HintStorage = {
  getItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('full', 'QuotaExceededError');
  },
  removeItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
};

describe('the onboarded hint', () => {
  it('is absent (false) on a new device, true once written, absent again once cleared', () => {
    const storage = memoryStorage();
    expect(readOnboardedHint('cashew-pos', storage)).toBe(false);
    writeOnboardedHint('cashew-pos', true, storage);
    expect(readOnboardedHint('cashew-pos', storage)).toBe(true);
    expect(storage.items.get(onboardedHintKey('cashew-pos'))).toBe('1');
    writeOnboardedHint('cashew-pos', false, storage);
    expect(readOnboardedHint('cashew-pos', storage)).toBe(false);
    expect(storage.items.size).toBe(0);
  });

  it('belongs to one database', () => {
    const storage = memoryStorage();
    writeOnboardedHint('test-db', true, storage);
    expect(readOnboardedHint('cashew-pos', storage)).toBe(false);
  });

  it('is unknown (undefined) where storage is missing or refuses, and writing there throws nothing', () => {
    expect(readOnboardedHint('cashew-pos', undefined)).toBeUndefined();
    expect(readOnboardedHint('cashew-pos', refusing)).toBeUndefined();
    expect(() => writeOnboardedHint('cashew-pos', true, refusing)).not.toThrow();
    expect(() => writeOnboardedHint('cashew-pos', false, refusing)).not.toThrow();
  });

  it('follows the config store: setOnboarded writes it once the flag is stored, and clears it', async () => {
    const dbName = freshDbName();
    const hintStorage = memoryStorage();
    const storage = testStorage(dbName, hintStorage);
    try {
      await storage.config.setOnboarded(true);
      expect(readOnboardedHint(dbName, hintStorage)).toBe(true);
      expect(await storage.config.isOnboarded()).toBe(true);
      await storage.config.setOnboarded(false);
      expect(readOnboardedHint(dbName, hintStorage)).toBe(false);
    } finally {
      storage.close();
    }
  });

  it('is not written when storing the flag fails', async () => {
    const hintStorage = memoryStorage();
    const storage = testStorage(freshDbName(), hintStorage);
    storage.db.close({ disableAutoOpen: true });
    await expect(storage.config.setOnboarded(true)).rejects.toThrow();
    expect(hintStorage.items.size).toBe(0);
  });
});
