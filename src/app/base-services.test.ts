// The light services: the ONBOARDED read shared while in flight, and the hint it leaves behind.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../core/logger';
import { createStorage } from '../storage';
import { createBaseServices } from './base-services';
import { readAppSettings } from './env';
import { ONBOARDED_HINT_KEY } from './onboarded-hint';

let dbCount = 0;

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

function setup() {
  const dbName = `base-services-test-${++dbCount}`;
  const hintStorage = memoryStorage();
  const settings = readAppSettings({ VITE_AUDITOR_URL: '' });
  const base = createBaseServices(settings, { logger: silentLogger, dbName, hintStorage });
  return { base, hintStorage, storage: () => createStorage(base.storageOptions) };
}

describe('createBaseServices onboarding flag', () => {
  it('reads false for a new device and leaves no hint', async () => {
    const { base, hintStorage } = setup();
    hintStorage.setItem(ONBOARDED_HINT_KEY, '1');
    expect(await base.onboarding.isOnboarded()).toBe(false);
    expect(hintStorage.getItem(ONBOARDED_HINT_KEY)).toBeNull();
  });

  it('shares one read between callers asking at once, and reads afresh afterwards', async () => {
    const { base, hintStorage, storage } = setup();
    const first = base.onboarding.isOnboarded();
    expect(base.onboarding.isOnboarded()).toBe(first);
    expect(await first).toBe(false);

    const store = storage();
    await store.config.setOnboarded(true);
    expect(await base.onboarding.isOnboarded()).toBe(true);
    expect(hintStorage.getItem(ONBOARDED_HINT_KEY)).toBe('1');
    store.close();
  });
});
