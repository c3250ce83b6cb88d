// The onboarding layout: its steps, and the device sent home once IndexedDB says it has a wallet.
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import type { Logger } from '../../core/logger';
import type { OnboardingFlag } from '../services/base';
import { readOnboarded } from './requireOnboarded';

/**
 * The guard's second half where requireNotOnboarded let a step show on the flag's copy alone:
 * at every step IndexedDB is asked, and a wallet made meanwhile (another tab finished onboarding,
 * or the copy was lost) sends the device home, as the loader would have.
 */
export function OnboardedElsewhere({ flag, logger }: { flag: OnboardingFlag; logger: Logger }) {
  const { key } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!flag.withoutWallet?.()) return;
    let active = true;
    void readOnboarded(flag, logger, 'Could not read the onboarding flag during onboarding').then(
      (onboarded) => {
        if (active && onboarded) void navigate('/', { replace: true });
      },
    );
    return () => {
      active = false;
    };
  }, [flag, logger, key, navigate]);
  return <Outlet />;
}
