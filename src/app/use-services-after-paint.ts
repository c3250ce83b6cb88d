// The shell's way to reach the services: join the load start.tsx begins after the first paint,
// without asking for it earlier, and prepare what the caller needs before it renders.
import { useEffect, useState } from 'react';
import type { AppServices } from './services/complete';
import type { ServiceSource } from './services/deferred';

/**
 * `pick` turns the loaded services into what the caller shows (it may wait, e.g. for the lock's
 * first read); null until then. A failed load is logged as `failureLog` and leaves null.
 */
export function useServicesAfterPaint<T>(
  source: Pick<ServiceSource, 'load' | 'base'>,
  pick: (services: AppServices) => T | Promise<T>,
  failureLog: string,
): T | null {
  const [picked, setPicked] = useState<T | null>(null);
  useEffect(() => {
    let active = true;
    // A timer, not the effect itself: the first screen paints before this joins the load.
    const timer = setTimeout(() => {
      source
        .load()
        .then(pick)
        .then(
          (value) => {
            if (active) setPicked(() => value);
          },
          (error: unknown) => source.base.logger.warn(failureLog, error),
        );
    }, 0);
    return () => {
      active = false;
      clearTimeout(timer);
    };
    // `pick` and the text are fixed per caller; the source decides when to load again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source]);
  return picked;
}
