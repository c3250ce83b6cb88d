// App start-up: build the light services, create the router, render, then load the protocol
// services (cashu-ts, nostr-tools) and their background work without holding up the first paint.
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import '../../index.css';
import { App } from '../shell/App';
import { focusHeadingWhenShown } from '../shell/RouteFocus';
import { AppUpdate } from '../shell/app-update';
import { createBaseServices } from '../services/base';
import { DEFAULT_DB_NAME } from '../../storage/database/db-name';
import { readAppSettings } from './env';
import { createConsoleLogger } from './logger';
import { createLanguage, type LanguageSource } from './language';
import { readLanguageHint } from '../../storage/first-screen/language-hint';
import { afterRootPainted } from './first-paint';
import {
  FIRST_SCREENS,
  PRERENDERED_ATTRIBUTE,
  TAPPED_PHRASE,
  type FirstScreen,
} from './first-screens';
import { firstScreenAt } from './first-screen-at';
import type { ConnectionHints } from './prefetch-next';
import type { EarlyTap, TakeEarlyTap } from './early-tap';
import { createAppRouter } from '../routes/router';
import { loadPhraseScreen } from '../routes/phrase-screen';
import { deferredServices, type ServiceSource } from '../services/deferred';
import { reloadWhenWalletForgotten } from './wallet-forgotten';
import { afterFirstScreenIdle } from './first-screen-idle';

type AppRouter = ReturnType<typeof createAppRouter>;

/** How long the first render waits for the first navigation before showing the fallback. */
const FALLBACK_AFTER_MS = 250;
/** How long start-up waits for the step an early tap shows before React (earlyTapSettled). */
const EARLY_STEP_WAIT_MS = 1000;

export interface StartOptions {
  /**
   * The ONBOARDED flag, already being read (main.tsx starts it before React's modules run): the
   * answer for the first navigation and start-up. Later questions read the flag again.
   */
  onboardedRead?: Promise<boolean>;
  /**
   * What the first navigation's guard goes by until onboardedRead has answered: a copy of the flag
   * saying the device has a wallet (docs/decisions/0020-onboarded-hint.md), else onboardedRead
   * itself. Start-up moves on to where the guard would have sent the device if IndexedDB then
   * says otherwise.
   */
  onboardedGuess?: Promise<boolean>;
  /**
   * The early script's pick: resolves once the prerendered screen is in the root element, or
   * with none. For a new user it may come before onboardedRead (docs/decisions/0020-onboarded-hint.md).
   */
  firstScreen?: Promise<FirstScreen | undefined>;
  /**
   * A tap on that prerendered screen, made before it is hydrated: where it leads (the early script
   * caught it and fetches that screen's files) and when the step it shows before React is up;
   * taking it stops the catching, so React alone answers taps from then on
   * (docs/decisions/0114-a-tap-before-hydration-is-kept.md).
   */
  takeEarlyTap?: TakeEarlyTap;
}

export function startApp(rootElement: HTMLElement, options: StartOptions = {}): void {
  const settings = readAppSettings(import.meta.env);
  const created = createBaseServices(settings, {
    logger: createConsoleLogger(),
  });
  const dbName = created.storageOptions.dbName ?? DEFAULT_DB_NAME;
  // The browser's language or the last one chosen; another than English loads its texts before
  // the first render (docs/decisions/0055-languages-with-lingui.md).
  const browserLanguages = navigator.languages ?? [navigator.language];
  const language = createLanguage({
    browser: browserLanguages,
    hint: readLanguageHint(dbName),
    store: () => source.load().then((services) => services.storage.language),
    logger: created.logger,
  });
  const onboarded = settledValue(options.onboardedRead);
  const guess = options.onboardedGuess ?? options.onboardedRead;
  // The first navigation's answer: IndexedDB's once it is in, the guess until then. The first
  // answer given is kept, so a guess IndexedDB contradicts can be undone.
  let answered: boolean | undefined;
  const firstRead = (read: Promise<boolean>) => () => {
    const answer = onboarded.value === undefined ? read : Promise.resolve(onboarded.value);
    return answer.then((value) => {
      answered ??= value;
      return value;
    });
  };
  let firstAnswer = guess ? firstRead(guess) : null;
  const base = {
    ...created,
    language: language.control,
    onboarding: {
      ...created.onboarding,
      isOnboarded: () => (firstAnswer ? firstAnswer() : created.onboarding.isOnboarded()),
    },
  };
  let painted!: () => void;
  const firstPaint = new Promise<void>((resolve) => (painted = resolve));
  let navigated!: () => void;
  const firstNavigation = new Promise<void>((resolve) => (navigated = resolve));
  // Start-up's background work waits for the first screen: the router's first navigation done
  // (a lazy screen's code, services and first read are in) and a screen painted.
  const firstScreen = Promise.all([firstNavigation, firstPaint]);
  const source = deferredServices(
    base,
    () => import('../services/startup').then((m) => m.completeAndStart(base, firstScreen)),
    firstPaint,
  );
  // A new user tapped the welcome before this moment: the tap is taken (the early script stops
  // catching) once the step it shows before React is up, so React takes over that step rather
  // than rendering it again from the welcome (docs/decisions/0116-words-before-hydration.md).
  const started = Promise.all([options.firstScreen?.catch(() => undefined), language.ready])
    .then(() => earlyTapSettled(options.takeEarlyTap?.()))
    .then((tapped) => ({
      shown: options.firstScreen ? prerenderedScreen(rootElement) : undefined,
      tapped,
    }));
  // Replace wallet in another tab: this one must not go on with the old wallet in memory.
  reloadWhenWalletForgotten(window, dbName, () => window.location.reload());
  // Fed by the service worker once it registers (register-sw.ts); shown by the shell.
  const update = new AppUpdate();
  void started.then(({ shown, tapped }) => {
    // The welcome went up before IndexedDB answered, and the device turns out to have a wallet
    // (one from before the flag's copy): the screen is dropped unseen by React, and the first
    // navigation's guard sends the merchant to their keypad.
    const screen = shown && onboarded.value === true ? discardPrerendered(rootElement) : shown;
    if (screen) answered = false;
    // The screen a tap leads to opens instead, rendered on the client, with what is on screen
    // (the welcome with its button busy, or the words) shown until it commits.
    const overTap = screen !== undefined && tapped !== undefined && openTapped(rootElement, tapped);
    const { router, root } =
      screen && !overTap
        ? hydrateFirstScreen(rootElement, source, update, language.source, screen)
        : renderFirstScreen(rootElement, source, update, language.source, overTap);
    void afterRootPainted(rootElement).then(painted);
    // Once the first navigation is done, onboarding may change the flag: ask IndexedDB again.
    void routerInitialized(router).then(() => {
      firstAnswer = null;
      navigated();
    });
    // The first screen went by a guess IndexedDB contradicts (a wallet from before the copy of the
    // flag, or a copy whose wallet is gone): to where the guard sends the device, once. A failed
    // read counts as no wallet, as in the guard.
    const correct = (hasWallet: boolean) => {
      if (answered === undefined || answered === hasWallet) return;
      answered = hasWallet;
      void router.navigate(hasWallet ? '/' : '/onboarding', { replace: true });
    };
    void options.onboardedRead?.then(correct, () => correct(false));
    startAfterFirstScreen(router, root, source, update, language.source);
  });
}

/**
 * The path of a caught tap, once the step it shows before React is up; after EARLY_STEP_WAIT_MS
 * at most, since a step whose file is slow to come is then sooner rendered by React.
 */
function earlyTapSettled(tap: EarlyTap | undefined): Promise<string | undefined> {
  if (!tap) return Promise.resolve(undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, EARLY_STEP_WAIT_MS)));
  return Promise.race([tap.settled, waited]).then(() => {
    clearTimeout(timer);
    return tap.path;
  });
}

/** The value a promise settled with, readable synchronously once it has. */
function settledValue<T>(promise: Promise<T> | undefined): { value?: T } {
  const box: { value?: T } = {};
  void promise?.then(
    (value) => (box.value = value),
    () => {},
  );
  return box;
}

/**
 * Empties a root holding the prerendered welcome, so the first screen renders on the client, and
 * takes back the early script's move from / to /onboarding: a device with a wallet starts at /.
 */
function discardPrerendered(rootElement: HTMLElement): undefined {
  rootElement.removeAttribute(PRERENDERED_ATTRIBUTE);
  rootElement.replaceChildren();
  window.history.replaceState(window.history.state, '', '/');
  return undefined;
}

/**
 * Takes a caught tap's step as the router's first location: a history entry after the welcome's,
 * as a tap on the hydrated welcome would make, so Back returns to it (the early script made it
 * already if it showed the step, docs/decisions/0116-words-before-hydration.md). As after that
 * tap, the step's heading takes the focus once React's replaces the one on screen.
 */
function openTapped(rootElement: HTMLElement, path: string): true {
  rootElement.removeAttribute(PRERENDERED_ATTRIBUTE);
  const { pathname, search } = window.location;
  if (pathname + search !== path) window.history.pushState(null, '', path);
  focusHeadingWhenShown(false, rootElement.querySelector('h1'));
  return true;
}

/**
 * The toast container, then the protocol services and their background work, each once the first
 * screen allows it.
 */
function startAfterFirstScreen(
  router: AppRouter,
  root: Root,
  source: ServiceSource,
  update: AppUpdate,
  language: LanguageSource,
): void {
  const { base } = source;
  // The toast container (react-toastify and its stylesheet) waits until the browser is idle after
  // the first screen: toasts raised before it mounts are queued, not lost.
  void afterFirstScreenIdle(router).then(() =>
    root.render(<App router={router} language={language} />),
  );
  // The service worker (offline start, install, updates): its own chunk, loaded once the first
  // screen is idle, registers it when the merchant pauses, so its precache download of the whole
  // build competes with neither the first visit nor the first taps
  // (docs/decisions/0011-service-worker.md).
  void afterFirstScreenIdle(router)
    .then(() => import('./register-sw'))
    .then((m) => m.registerServiceWorker(update, base.logger))
    .catch((error: unknown) => base.logger.warn('Could not register the service worker', error));
  // What the next screens need is fetched, not run, once the first screen is interactive and the
  // browser idle (docs/decisions/0037-prefetch-next-screens.md).
  // A new user's welcome asks once its first frame as a working screen is out, not at idle: its
  // one button leads to the phrase screen, and a user who taps as soon as it works would
  // otherwise wait for that screen's code.
  // The prefetch code is its own chunk: the first screen's bytes do not carry it.
  const prefetch = (onFetched?: () => void) => {
    const { connection } = navigator as Navigator & { connection?: ConnectionHints };
    void import('./prefetch-next')
      .then((m) =>
        m.prefetchNextScreens(document, router.state.location.pathname, connection, onFetched),
      )
      .catch((error: unknown) => base.logger.warn('Could not prefetch the next screens', error));
  };
  if (firstScreenAt(router.state.location.pathname) === 'welcome') {
    // Once its files are in and the welcome is idle, the phrase screen's code is run as well, so
    // a later tap on either button only renders the words (docs/performance.md "Taps"). Where
    // nothing was prefetched (Save-Data, a slow or cellular link) the tap loads it, as before.
    const fetched = new Promise<void>((resolve) =>
      requestAnimationFrame(() => setTimeout(() => prefetch(resolve), 0)),
    );
    void Promise.all([fetched, afterFirstScreenIdle(router)])
      .then(loadPhraseScreen)
      .catch((error: unknown) => base.logger.warn('Could not load the phrase screen', error));
  } else void afterFirstScreenIdle(router).then(() => prefetch());
  // docs/architecture.md "The composition root": an onboarded device resumes payments and starts
  // its listener as soon as its first screen has painted; a new user's device loads them once the
  // browser is idle after it, so the next onboarding step does not wait for them either.
  void base.onboarding
    .isOnboarded()
    .then(async (onboarded) => {
      if (onboarded) return source.afterFirstPaint();
      await afterFirstScreenIdle(router);
      return source.load();
    })
    // The stored choice of language, once IndexedDB can be read, wins over its copy.
    .then(() => base.language?.followStored())
    .catch((error: unknown) => base.logger.error('Loading the app services failed', error));
}

/**
 * The screen the early script put into the root element from index.html, if any: the welcome,
 * also when a tap on it has put the step it leads to in its place
 * (docs/decisions/0116-words-before-hydration.md); that tap is then taken like any other.
 */
function prerenderedScreen(rootElement: HTMLElement): FirstScreen | undefined {
  const screen = rootElement.getAttribute(PRERENDERED_ATTRIBUTE);
  return screen === 'welcome' || screen === TAPPED_PHRASE ? 'welcome' : undefined;
}

/**
 * Hydrates the prerendered screen: the router starts with the loader data the screen was rendered
 * with, so its first state is the screen (no navigation to wait for) and React attaches to the
 * markup instead of building it. A mismatch is logged; React then renders on the client.
 */
function hydrateFirstScreen(
  rootElement: HTMLElement,
  source: ServiceSource,
  update: AppUpdate,
  language: LanguageSource,
  screen: FirstScreen,
) {
  const router = createAppRouter(source, {
    shell: { update },
    hydrationData: { loaderData: FIRST_SCREENS[screen].loaderData },
  });
  // Hydrated at once, in this task, rather than in the scheduler's next tasks: a concurrent
  // hydration waited behind the frame that laid the welcome out and the tasks queued after it, so
  // the visible button stayed dead for that long (docs/decisions/0002-first-load.md).
  const root = flushSync(() =>
    hydrateRoot(rootElement, <App router={router} language={language} toasts={false} />, {
      onRecoverableError: (error) =>
        source.base.logger.warn('The prerendered screen did not match; rendered again', error),
    }),
  );
  return { router, root };
}

/**
 * Renders on the client. Creating the router starts the first navigation (the guard's ONBOARDED
 * read) at once; the first render waits a moment for it, so it is the screen itself rather than
 * the loading fallback and then the screen (two renders and layouts, the second one in a
 * low-priority transition); a slow navigation still gets the fallback after the wait. Over the
 * welcome a tap has left busy (`overTap`) it waits for the navigation however long it takes: the
 * welcome stays up until React's first commit replaces it, so no fallback is shown between.
 */
function renderFirstScreen(
  rootElement: HTMLElement,
  source: ServiceSource,
  update: AppUpdate,
  language: LanguageSource,
  overTap = false,
) {
  const router = createAppRouter(source, { shell: { update } });
  const root = createRoot(rootElement);
  void routerInitialized(router, overTap ? undefined : FALLBACK_AFTER_MS).then(() =>
    root.render(<App router={router} language={language} toasts={false} />),
  );
  return { router, root };
}

/** Resolves once the router's first navigation is done, or after timeoutMs if given. */
function routerInitialized(router: AppRouter, timeoutMs?: number): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const timer = timeoutMs === undefined ? undefined : setTimeout(done, timeoutMs);
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) done();
    });
    function done() {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    }
  });
}
