// The shell's way to reach the services: join the load that starts once the first screen has
// painted (ServiceSource.afterFirstPaint), and prepare what the caller needs before it renders.
import { useEffect, useState } from 'react';
import type { AppServices } from '../services/complete';
import type { ServiceSource } from '../services/deferred';

/**
 * `pick` turns the loaded services into what the caller shows (it may wait, e.g. for the lock's
 * first read); null until then. A failed load is logged as `failureLog` and leaves null.
 */
export function useServicesAfterPaint<T>(
  source: Pick<ServiceSource, 'afterFirstPaint' | 'base'>,
  pick: (services: AppServices) => T | Promise<T>,
  failureLog: string,
): T | null {
  const [picked, setPicked] = useState<T | null>(null);
  useEffect(() => {
    let active = true;
    source
      .afterFirstPaint()
      .then(pick)
      .then(
        (value) => {
          if (active) setPicked(() => value);
        },
        (error: unknown) => source.base.logger.warn(failureLog, error),
      );
    return () => {
      active = false;
    };
    // `pick` and the text are fixed per caller; the source decides when to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source]);
  return picked;
}
