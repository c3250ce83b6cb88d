// Route loader guard for onboarding: a device that already holds a wallet is sent home, so the
// onboarding screens can never overwrite it (docs/behaviour.md "Routes", docs/security.md).
import { replace } from 'react-router';
import type { Logger } from '../../core/logger';
import type { OnboardingFlag } from '../services/base';
import { readOnboarded } from './requireOnboarded';

/**
 * When the ONBOARDED flag is true, redirect to / replacing the history entry (behind the lock
 * screen when a PIN is set). Replacing the wallet is a Settings action, never onboarding.
 * A storage failure lets onboarding show: sending the device to / would bounce it straight back
 * here, and completing onboarding checks the flag again in the same transaction as its writes
 * (features/onboarding/complete-onboarding.ts), so nothing is overwritten either way.
 * Where the flag's copy says there is no wallet, the step shows at once: on a new profile each
 * read of IndexedDB took 30 ms to over a second at 4x CPU, and a new user's first tap waited for
 * it (docs/performance.md "Taps"). IndexedDB is asked meanwhile, and a wallet made in the meantime
 * (another tab finished onboarding) sends the device home with `goHome`.
 */
export function requireNotOnboarded(
  config: OnboardingFlag,
  logger: Logger,
  goHome: () => void = () => window.location.replace('/'),
) {
  const read = () =>
    readOnboarded(config, logger, 'Could not read the onboarding flag before onboarding');
  return async (): Promise<Response | null> => {
    if (config.withoutWallet?.()) {
      void read().then((onboarded) => onboarded && goHome());
      return null;
    }
    return (await read()) ? replace('/') : null;
  };
}
