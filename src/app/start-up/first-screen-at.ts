// Which first screen a path shows, of those that prefetch their next screens: start-up asks it
// at once to time the prefetch, which loads later (app/start-up/prefetch-next.ts).
import { withoutTrailingSlashes } from '../../core/urls/trailing-slashes';
import { NEXT_SCREENS, type NextScreensOf } from './next-screens';

/** The first screen shown at this path, if it prefetches anything. */
export function firstScreenAt(pathname: string): NextScreensOf | undefined {
  const path = withoutTrailingSlashes(pathname) || '/';
  return (Object.keys(NEXT_SCREENS) as NextScreensOf[]).find((screen) =>
    (NEXT_SCREENS[screen].paths as readonly string[]).includes(path),
  );
}
