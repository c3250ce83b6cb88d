// Background work started once when the app boots (SPEC §4 "App start"); failures are only logged.
import type { Logger } from '../core/logger';
import type { ConfigStore } from '../core/ports';
import type { RemotePaymentInbox } from '../core/remote-payments/inbox';

export interface StartupServices {
  storage: { config: Pick<ConfigStore, 'isOnboarded'> };
  inbox: Pick<RemotePaymentInbox, 'start'>;
  logger: Logger;
}

/**
 * SPEC §4: if the device is already onboarded, the remote-payment inbox starts; a failure is only logged. Never rejects, so start-up cannot crash on it.
 */
export async function runStartupTasks(services: StartupServices): Promise<void> {
  try {
    if (!(await services.storage.config.isOnboarded())) return;
    await services.inbox.start();
  } catch (error) {
    services.logger.error('Failed to start the remote-payment inbox', error);
  }
}
