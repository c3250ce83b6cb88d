// The ONBOARDED read, started as soon as this module runs, and the prerendered first screen it
// picks. index.html loads it from its own async module script (vite-plugins/first-load.ts), which
// runs while React DOM and the router are still downloading (docs/decisions/0002-first-load.md).
// main.tsx imports the same module and hands both answers to startApp.
import { showPrerenderedScreen, type FirstScreen } from './app/first-screens';
import { GUARDED_SCREENS, guardedScreenAt } from './app/guarded-screens';
import { DEFAULT_DB_NAME } from './storage/db-name';
import { readOnboardedFlag } from './storage/onboarded-flag';
import { readOnboardedHint, writeOnboardedHint } from './storage/onboarded-hint';

const hint = readOnboardedHint(DEFAULT_DB_NAME);

/** The flag in IndexedDB: the truth, for the guards and start-up. */
export const earlyOnboardedRead: Promise<boolean> = readOnboardedFlag(DEFAULT_DB_NAME).then(
  (onboarded) => {
    // A wallet from before the copy existed, or a copy lost on its own: in step from now on.
    if (hint !== undefined && hint !== onboarded) writeOnboardedHint(DEFAULT_DB_NAME, onboarded);
    warmFirstScreen(window.location.pathname, onboarded);
    return onboarded;
  },
);
// Whoever uses it reports a failure (the onboarding guard logs it and shows onboarding).
earlyOnboardedRead.catch(() => {});

/**
 * What the first screen goes by: the copy of the flag, so neither a new user's welcome nor a
 * merchant's keypad waits for IndexedDB to open (up to a quarter of a second at 4x on a fresh
 * profile, docs/decisions/0020-onboarded-hint.md); IndexedDB itself where the copy cannot be read.
 * start.tsx moves on when IndexedDB then says otherwise.
 */
export const earlyOnboardedGuess: Promise<boolean> =
  hint === undefined ? earlyOnboardedRead : Promise.resolve(hint);

/** The prerendered screen put into the root, if any (the welcome, for a device with no wallet). */
export const earlyFirstScreen: Promise<FirstScreen | undefined> = Promise.all([
  earlyOnboardedGuess,
  documentParsed(),
]).then(
  ([onboarded]) => showInRoot(onboarded),
  () => undefined,
);

function showInRoot(onboarded: boolean): FirstScreen | undefined {
  const root = document.getElementById('root');
  return root ? showPrerenderedScreen(root, onboarded) : undefined;
}

/**
 * Once the root and the templates after it are in the document. This async script may run before
 * the parser reaches them; 'interactive' comes when parsing ends, before the app's own (deferred)
 * module script runs.
 */
function documentParsed(): Promise<void> {
  if (document.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) =>
    document.addEventListener('readystatechange', () => resolve(), { once: true }),
  );
}

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
