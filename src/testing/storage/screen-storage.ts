// Test helper for screen tests on real storage: each test's render is cleaned up, its spies
// restored and its databases closed after it; `open(relays)` gives a settings-saved database.
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import type { Storage } from '../../storage';
import { storageWithSettings } from './db';

export function screenStorages(): { open(relays: string[]): Promise<Storage> } {
  const opened: Storage[] = [];
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    for (const storage of opened.splice(0)) storage.close();
  });
  return {
    async open(relays) {
      const storage = await storageWithSettings(relays);
      opened.push(storage);
      return storage;
    },
  };
}
