// The light services: the ONBOARDED read, shared while in flight.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../core/logger';
import { createStorage } from '../../storage';
import { createBaseServices } from './base';
import { readAppSettings } from '../start-up/env';

let dbCount = 0;

function setup() {
  const dbName = `base-services-test-${++dbCount}`;
  const settings = readAppSettings({ VITE_AUDITOR_URL: '' });
  const base = createBaseServices(settings, { logger: silentLogger, dbName });
  return { base, storage: () => createStorage(base.storageOptions) };
}

describe('createBaseServices onboarding flag', () => {
  it('reads false for a new device', async () => {
    const { base } = setup();
    expect(await base.onboarding.isOnboarded()).toBe(false);
  });

  it('shares one read between callers asking at once, and reads afresh afterwards', async () => {
    const { base, storage } = setup();
    const first = base.onboarding.isOnboarded();
    expect(base.onboarding.isOnboarded()).toBe(first);
    expect(await first).toBe(false);

    const store = storage();
    await store.config.setOnboarded(true);
    expect(await base.onboarding.isOnboarded()).toBe(true);
    store.close();
  });
});
