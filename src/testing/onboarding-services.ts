// Onboarding services on real storage (fake-indexeddb in tests), shared by the onboarding tests.
import { vi } from 'vitest';
import { DeviceKeys } from '../core/keys';
import { silentLogger } from '../core/logger';
import { createStorage } from '../storage';
import type { OnboardingServices, OnboardingSettings } from '../features/onboarding/deps';

export function onboardingServices(dbName: string, settings: Partial<OnboardingSettings> = {}) {
  const storage = createStorage({
    dbName,
    defaults: { mintUrl: 'https://default.mint', relays: ['wss://default.relay'] },
    logger: silentLogger,
  });
  return {
    settings: {
      defaultMintUrl: 'http://127.0.0.1:3338',
      defaultRelays: ['ws://127.0.0.1:7777'],
      discoveryRelays: [],
      auditorUrl: '',
      ...settings,
    },
    storage,
    deviceKeys: new DeviceKeys(storage.keys),
    logger: silentLogger,
    inbox: { start: vi.fn(() => Promise.resolve()) },
  } satisfies OnboardingServices;
}
