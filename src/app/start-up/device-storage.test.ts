// Asking the browser to keep the wallet's data: only for an onboarded device, once not yet granted.
import { describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../core/logger';
import { keepWalletData, type DeviceStorage } from './device-storage';

function fakeStorage(persisted: boolean, grant: boolean) {
  return {
    persisted: vi.fn(async () => persisted),
    persist: vi.fn(async () => grant),
    estimate: vi.fn(async () => ({ usage: 1, quota: 2 })),
  } satisfies DeviceStorage;
}

describe('keepWalletData', () => {
  it('asks an onboarded device to persist its data when it is not yet persistent', async () => {
    const deviceStorage = fakeStorage(false, true);
    await keepWalletData({
      deviceStorage,
      config: { isOnboarded: async () => true },
      logger: silentLogger,
    });
    expect(deviceStorage.persist).toHaveBeenCalledTimes(1);
  });

  it('does not ask again when the data is already persistent, nor before onboarding', async () => {
    const kept = fakeStorage(true, true);
    await keepWalletData({
      deviceStorage: kept,
      config: { isOnboarded: async () => true },
      logger: silentLogger,
    });
    const fresh = fakeStorage(false, true);
    await keepWalletData({
      deviceStorage: fresh,
      config: { isOnboarded: async () => false },
      logger: silentLogger,
    });
    expect(kept.persist).not.toHaveBeenCalled();
    expect(fresh.persist).not.toHaveBeenCalled();
  });

  it('logs a refusal and never rejects', async () => {
    const logger = { ...silentLogger, warn: vi.fn() };
    const refusing = {
      ...fakeStorage(false, false),
      persist: vi.fn(() => Promise.reject(new Error('x'))),
    };
    await expect(
      keepWalletData({
        deviceStorage: refusing,
        config: { isOnboarded: async () => true },
        logger,
      }),
    ).resolves.toBeUndefined();
    expect(logger.warn).toHaveBeenCalled();
  });
});
