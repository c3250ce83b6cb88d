// The ONBOARDED read, started as soon as this module runs, and the prerendered first screen it
// picks. The build makes this module a file of its own that shares nothing with the app
// (vite-plugins/early-script.ts), loaded from an async script in index.html: it arrives and runs
// while React DOM and the router still download, so the welcome is laid out in that wait
// (docs/decisions/0002-first-load.md). main.tsx imports the module too: whichever copy runs first
// does the work, once per page, and the other hands over its answers.
import { catchEarlyTaps, type TakeEarlyTap } from './app/start-up/early-tap';
import { showPrerenderedScreen, type FirstScreen } from './app/start-up/first-screens';
import { listedFiles } from './app/start-up/listed-files';
import type { showEarlyPhrase } from './app/start-up/early-phrase';
import { earlyStepKey, earlyTapKey, GUARDED_SCREENS_META } from './app/start-up/next-screens';
import { DEFAULT_LOCALE, startLocale } from './core/i18n/locales';
import { withoutTrailingSlashes } from './core/urls/trailing-slashes';
import { DEFAULT_DB_NAME } from './storage/database/db-name';
import { readLanguageHint } from './storage/first-screen/language-hint';
import { readOnboardedFlag } from './storage/first-screen/onboarded-flag';
import { readOnboardedHint, writeOnboardedHint } from './storage/first-screen/onboarded-hint';

/** The early start's answers, one set per page. */
interface EarlyStart {
  /** The flag in IndexedDB: the truth, for the guards and start-up. */
  onboardedRead: Promise<boolean>;
  /** What the first navigation's guard goes by until IndexedDB answers. */
  onboardedGuess: Promise<boolean>;
  /** The prerendered screen put into the root, if any. */
  firstScreen: Promise<FirstScreen | undefined>;
  /** Where a tap on that screen before hydration leads, if one came; stops catching them. */
  takeEarlyTap: TakeEarlyTap;
}

/** Where the first copy to run leaves its answers for the other (a property of the window). */
const EARLY_START_KEY = '__cashewEarlyStart';

const page = globalThis as typeof globalThis & { [EARLY_START_KEY]?: EarlyStart };
const started = (page[EARLY_START_KEY] ??= startEarly());

export const earlyOnboardedRead = started.onboardedRead;
export const earlyOnboardedGuess = started.onboardedGuess;
export const earlyFirstScreen = started.firstScreen;
export const takeEarlyTap = started.takeEarlyTap;

function startEarly(): EarlyStart {
  const hint = readOnboardedHint(DEFAULT_DB_NAME);
  const onboardedRead = readOnboardedFlag(DEFAULT_DB_NAME).then((onboarded) => {
    // A wallet from before the copy existed, or a copy lost on its own: in step from now on.
    if (hint !== undefined && hint !== onboarded) writeOnboardedHint(DEFAULT_DB_NAME, onboarded);
    void warmFirstScreen(window.location.pathname, onboarded);
    return onboarded;
  });
  // Whoever uses it reports a failure (the onboarding guard logs it and shows onboarding).
  onboardedRead.catch(() => {});
  /**
   * A copy saying this device has a wallet, so the merchant's keypad does not wait for IndexedDB
   * to open; otherwise IndexedDB itself, since a device with no copy may hold a wallet from before
   * the copy existed, and a guarded URL must not send it to onboarding
   * (docs/decisions/0020-onboarded-hint.md). start.tsx moves on if IndexedDB then says otherwise.
   */
  const onboardedGuess = hint === true ? Promise.resolve(true) : onboardedRead;
  let takeTap: TakeEarlyTap = () => undefined;
  /**
   * With no copy of the flag (a new user) the welcome goes up now: opening IndexedDB for the first
   * time on a profile took up to a quarter of a second at 4x, all of it before the welcome. A
   * device whose copy cannot be read waits for it.
   */
  const firstScreen = Promise.all([hint === false ? false : onboardedGuess, documentParsed()]).then(
    ([onboarded]) => {
      const root = document.getElementById('root');
      const screen = root && speaksEnglish() ? showPrerenderedScreen(root, onboarded) : undefined;
      // Its buttons are seen before React can answer them: a tap is kept, its screen fetched now
      // (docs/decisions/0114-a-tap-before-hydration-is-kept.md).
      if (root && screen) {
        // The step's own file first: the screen's files are linked once it is up, so they do not
        // compete with it for the main thread (docs/decisions/0116-words-before-hydration.md).
        takeTap = catchEarlyTaps(root, (path) =>
          showTappedStep(root, path).then(() => linkFiles(earlyTapKey(path))),
        );
      }
      return screen;
    },
    () => undefined,
  );
  return { onboardedRead, onboardedGuess, firstScreen, takeEarlyTap: () => takeTap() };
}

/**
 * The step a caught tap leads to, shown by a module of its own before React is there where the
 * build made one ("Create New Wallet": the words, docs/decisions/0116-words-before-hydration.md);
 * settles once it is shown or given up. If it fails to load, start-up opens the step as for any
 * caught tap.
 */
function showTappedStep(root: HTMLElement, path: string): Promise<void> {
  const [file] = listedFiles(document, GUARDED_SCREENS_META, earlyStepKey(path));
  if (!file) return Promise.resolve();
  return import(/* @vite-ignore */ file).then(
    (step: { showEarlyPhrase: typeof showEarlyPhrase }) => void step.showEarlyPhrase(root, path),
    () => {},
  );
}

/**
 * The prerendered welcome is English markup: a start in another language (the same choice as
 * app/start-up/language.ts) renders it on the client instead, in that language, so no English
 * flashes and nothing is hydrated against other texts (docs/decisions/0070-welcome-in-other-languages.md).
 */
function speaksEnglish(): boolean {
  const browser = navigator.languages ?? [navigator.language];
  return startLocale(readLanguageHint(DEFAULT_DB_NAME), browser) === DEFAULT_LOCALE;
}

/**
 * Once the root element is in the document. This async script may run before the parser reaches
 * it; 'interactive' comes when parsing ends, before the app's own (deferred) module script runs.
 */
function documentParsed(): Promise<void> {
  if (document.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) =>
    document.addEventListener('readystatechange', () => resolve(), { once: true }),
  );
}

/**
 * An onboarded device opening connect, settings or items cannot render it without its code and
 * the protocol services, nor the wallet without its code and first read: their files start
 * downloading and compiling now, while React still does, rather than once the router's first
 * navigation asks for them (the routes' imports then find them in the page's module map). The
 * keypad and the wallet render without the services (they load after the first paint,
 * docs/decisions/0112-wallet-renders-before-the-services.md) and a new user's device fetches
 * nothing here.
 */
async function warmFirstScreen(pathname: string, onboarded: boolean): Promise<void> {
  if (!onboarded) return;
  await documentParsed();
  linkFiles(withoutTrailingSlashes(pathname));
}

/** Links the files index.html lists under `key` for fetching (a path, or an early tap's key). */
function linkFiles(key: string): void {
  // On a device whose copy of the flag says it has a wallet the router does not wait for this
  // read, and Vite's preload helper has usually linked the screen's files by now: a second link
  // to each is work on the main thread before the wallet shows. Linking them first instead
  // measured no less work and no sooner page (docs/performance.md "Wallet at scale").
  const linked = new Set(Array.from(document.getElementsByTagName('link'), (link) => link.href));
  for (const file of listedFiles(document, GUARDED_SCREENS_META, key)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    // The same request mode as the module import that will use it (Vite's own preload links).
    link.crossOrigin = 'anonymous';
    link.href = file;
    if (!linked.has(link.href)) document.head.append(link);
  }
}
