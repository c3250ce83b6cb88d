// Background work started once when the app boots (SPEC §4 "App start"); failures are only logged.
import type { Logger } from '../core/logger';
import type { ConfigStore } from '../core/ports';

export interface StartupServices {
  storage: { config: Pick<ConfigStore, 'isOnboarded'> };
  messaging: { start(): Promise<void> };
  logger: Logger;
}

/**
 * SPEC §4: if the device is already onboarded, the messaging service (remote payments
 * listener) starts; a failure is only logged. Never rejects, so start-up cannot crash on it.
 */
export async function runStartupTasks(services: StartupServices): Promise<void> {
  try {
    if (!(await services.storage.config.isOnboarded())) return;
    await services.messaging.start();
  } catch (error) {
    services.logger.error('Failed to start the messaging service', error);
  }
}
