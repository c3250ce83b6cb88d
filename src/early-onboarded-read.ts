// The ONBOARDED read, started as soon as this module runs, and the prerendered first screen it
// picks. index.html loads it from its own async module script (vite-plugins/first-load.ts), which
// runs while React DOM and the router are still downloading, so IndexedDB has answered and the
// screen is on the page before they are evaluated (docs/decisions/0002-first-load.md). main.tsx
// imports the same module and hands the answer to startApp.
import { showPrerenderedScreen } from './app/first-screens';
import { DEFAULT_DB_NAME } from './storage/db-name';
import { readOnboardedFlag } from './storage/onboarded-flag';

export const earlyOnboardedRead: Promise<boolean> = readOnboardedFlag(DEFAULT_DB_NAME).then(
  (onboarded) => {
    const root = document.getElementById('root');
    if (root) showPrerenderedScreen(root, onboarded);
    return onboarded;
  },
);
// Whoever uses it reports a failure (the onboarding guard logs it and shows onboarding).
earlyOnboardedRead.catch(() => {});
