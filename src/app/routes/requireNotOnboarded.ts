// Route loader guard for onboarding: a device that already holds a wallet is sent home, so the
// onboarding screens can never overwrite it (docs/behaviour.md "Routes", docs/security.md).
import { replace } from 'react-router';
import type { ConfigStore } from '../../core/settings/ports';
import type { Logger } from '../../core/logger';
import { readOnboarded } from './requireOnboarded';

/**
 * When the ONBOARDED flag is true, redirect to / replacing the history entry (behind the lock
 * screen when a PIN is set). Replacing the wallet is a Settings action, never onboarding.
 * A storage failure lets onboarding show: sending the device to / would bounce it straight back
 * here, and completing onboarding checks the flag again in the same transaction as its writes
 * (features/onboarding/complete-onboarding.ts), so nothing is overwritten either way.
 */
export function requireNotOnboarded(config: Pick<ConfigStore, 'isOnboarded'>, logger: Logger) {
  return async (): Promise<Response | null> =>
    (await readOnboarded(config, logger, 'Could not read the onboarding flag before onboarding'))
      ? replace('/')
      : null;
}
