// The ONBOARDED read, started as soon as this module runs, and the prerendered first screen it
// picks. index.html loads it from its own async module script (vite-plugins/first-load.ts), which
// runs while React DOM and the router are still downloading, so IndexedDB has answered and the
// screen is on the page before they are evaluated (docs/decisions/0002-first-load.md). main.tsx
// imports the same module and hands the answer to startApp.
import { showPrerenderedScreen } from './app/first-screens';
import { GUARDED_SCREENS, guardedScreenAt } from './app/guarded-screens';
import { DEFAULT_DB_NAME } from './storage/db-name';
import { readOnboardedFlag } from './storage/onboarded-flag';

export const earlyOnboardedRead: Promise<boolean> = readOnboardedFlag(DEFAULT_DB_NAME).then(
  (onboarded) => {
    const root = document.getElementById('root');
    if (root) showPrerenderedScreen(root, onboarded);
    warmFirstScreen(window.location.pathname, onboarded);
    return onboarded;
  },
);
// Whoever uses it reports a failure (the onboarding guard logs it and shows onboarding).
earlyOnboardedRead.catch(() => {});

/**
 * An onboarded device opening the wallet, connect or settings cannot render it without its code
 * and the protocol services: both start downloading and evaluating now, while React still does,
 * rather than once the router's first navigation asks for them (the same modules, so the routes'
 * imports find them loaded). The keypad renders without the services (they load after its first
 * paint) and a new user's device never loads them here.
 */
function warmFirstScreen(pathname: string, onboarded: boolean): void {
  const screen = onboarded ? guardedScreenAt(pathname) : undefined;
  if (!screen) return;
  // A failure here is only an early start lost: the routes' own imports report and retry it.
  GUARDED_SCREENS[screen]().catch(() => {});
  import('./app/services/startup').catch(() => {});
}
