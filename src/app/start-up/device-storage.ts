// The browser's storage manager: asking it to keep this wallet's data (navigator.storage.persist)
// once the wallet exists, and what Settings shows about it (persisted, estimate).
import type { Logger } from '../../core/logger';

export interface DeviceStorage {
  persisted(): Promise<boolean>;
  persist(): Promise<boolean>;
  estimate(): Promise<{ usage?: number; quota?: number }>;
}

/** navigator.storage when the browser has it (not in Node, not in some embedded browsers). */
export function browserDeviceStorage(): DeviceStorage | undefined {
  const nav = (globalThis as { navigator?: { storage?: Partial<DeviceStorage> } }).navigator;
  const manager = nav?.storage;
  if (!manager?.persist || !manager.persisted || !manager.estimate) return undefined;
  return {
    persisted: () => manager.persisted!.call(manager),
    persist: () => manager.persist!.call(manager),
    estimate: () => manager.estimate!.call(manager),
  };
}

/**
 * At start-up on an onboarded device: asks the browser to keep the data unless it already does.
 * Never rejects; the answer is only logged (Settings shows it).
 */
export async function keepWalletData(deps: {
  deviceStorage: DeviceStorage | undefined;
  config: { isOnboarded(): Promise<boolean> };
  logger: Logger;
}): Promise<void> {
  const { deviceStorage, logger } = deps;
  if (!deviceStorage) return;
  try {
    if (!(await deps.config.isOnboarded())) return;
    if (await deviceStorage.persisted()) return;
    const granted = await deviceStorage.persist();
    if (!granted) logger.warn('The browser did not grant persistent storage');
  } catch (error) {
    logger.warn('Asking for persistent storage failed', error);
  }
}
