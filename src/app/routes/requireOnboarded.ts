// Route loader guard: the main layout sends a device that has not finished onboarding away.
import { replace } from 'react-router';
import type { ConfigStore } from '../../core/settings/ports';
import type { Logger } from '../../core/logger';

/**
 * docs/behaviour.md "Routes": when the ONBOARDED flag is false or absent, redirect to /onboarding
 * replacing the
 * history entry. Running in a loader means no layout is painted before the redirect. A storage
 * failure counts as not onboarded: onboarding is the safe place to land.
 */
export function requireOnboarded(config: Pick<ConfigStore, 'isOnboarded'>, logger: Logger) {
  return async (): Promise<Response | null> =>
    (await readOnboarded(config, logger, 'Could not read the onboarding flag'))
      ? null
      : replace('/onboarding');
}

/** The ONBOARDED flag as both guards read it: a storage failure is logged and reads as false. */
export async function readOnboarded(
  config: Pick<ConfigStore, 'isOnboarded'>,
  logger: Logger,
  failure: string,
): Promise<boolean> {
  try {
    return await config.isOnboarded();
  } catch (error) {
    logger.error(failure, error);
    return false;
  }
}
