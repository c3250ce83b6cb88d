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
 * What the first navigation's guard goes by until IndexedDB answers: a copy saying this device has
 * a wallet, so the merchant's keypad does not wait for IndexedDB to open; otherwise IndexedDB
 * itself, since a device with no copy may hold a wallet from before the copy existed, and a
 * guarded URL must not send it to onboarding (docs/decisions/0020-onboarded-hint.md). start.tsx
 * moves on if IndexedDB then says otherwise.
 */
export const earlyOnboardedGuess: Promise<boolean> =
  hint === true ? Promise.resolve(true) : earlyOnboardedRead;

/**
 * The prerendered screen put into the root, if any. With no copy of the flag (a new user) the
 * welcome goes up now: opening IndexedDB for the first time on a profile took up to a quarter of a
 * second at 4x, all of it before the welcome. A device whose copy cannot be read waits for it.
 */
export const earlyFirstScreen: Promise<FirstScreen | undefined> = Promise.all([
  hint === false ? false : earlyOnboardedGuess,
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
