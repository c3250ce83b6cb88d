// Route loader guard: the main layout sends a device that has not finished onboarding away.
import { replace } from 'react-router';
import type { ConfigStore } from '../core/ports';
import type { Logger } from '../core/logger';

/**
 * docs/behaviour.md "Routes": when the ONBOARDED flag is false or absent, redirect to /onboarding
 * replacing the
 * history entry. Running in a loader means no layout is painted before the redirect. A storage
 * failure counts as not onboarded: onboarding is the safe place to land.
 */
export function requireOnboarded(config: Pick<ConfigStore, 'isOnboarded'>, logger: Logger) {
  return async (): Promise<Response | null> => {
    let onboarded = false;
    try {
      onboarded = await config.isOnboarded();
    } catch (error) {
      logger.error('Could not read the onboarding flag', error);
    }
    return onboarded ? null : replace('/onboarding');
  };
}
