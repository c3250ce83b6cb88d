// The prerendered first screens: where each is shown and what the router must know to hydrate it
// without running its loaders (docs/decisions/0002-first-load.md).
import { withoutTrailingSlashes } from '../../core/urls/trailing-slashes';
import { ONBOARDING_ROUTE_ID } from '../routes/route-ids';

/**
 * Only the welcome. The keypad was prerendered too and measured: it became visible ~200 ms sooner
 * at 4x but interactive no sooner, so its keys looked ready for a few hundred ms while taps were
 * lost; a cashier types at once, so it renders on the client (docs/decisions/0002-first-load.md).
 */
export type FirstScreen = 'welcome';

export const FIRST_SCREENS = {
  /**
   * A new user: the onboarding guard would redirect / to /onboarding anyway. The onboarding
   * route's own guard (an onboarded device is sent home) let it through at build time; the early
   * script shows it only to a device whose copy of the flag says it has no wallet, and start.tsx
   * sends the device home if IndexedDB then says otherwise. Every step after the welcome runs the
   * guard again (docs/decisions/0020-onboarded-hint.md).
   */
  welcome: { path: '/onboarding', onboarded: false, loaderData: { [ONBOARDING_ROUTE_ID]: null } },
} as const satisfies Record<
  FirstScreen,
  { path: string; onboarded: boolean; loaderData: Record<string, null> }
>;

/** Set on the root element once a prerendered screen is in it: start.tsx then hydrates. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * Which prerendered screen fits this path for this device, if any: only the exact first screens,
 * so every other URL renders on the client as before.
 */
export function firstScreenFor(pathname: string, onboarded: boolean): FirstScreen | undefined {
  const path = withoutTrailingSlashes(pathname) || '/';
  if (onboarded) return undefined;
  return path === '/' || path === '/onboarding' ? 'welcome' : undefined;
}

/**
 * index.html holds each screen's markup in a data block (`<script type="text/html">`) with this id
 * until the early script picks one: text to the parser, so a device that never shows it builds no
 * nodes for it (vite-plugins/prerender.ts).
 */
export const markupId = (screen: FirstScreen | typeof TAPPED_PHRASE) => `prerendered-${screen}`;

/**
 * The create step a tap on the prerendered welcome leads to, prerendered too with a stand-in in
 * each word's cell: the early script fills in new words and shows it before React is there
 * (app/start-up/early-phrase.ts, docs/decisions/0116-words-before-hydration.md).
 */
export const TAPPED_PHRASE = 'phrase';

/** What each word's cell holds in the prerendered create step until its word is put in. */
export const WORD_STAND_IN = '\u2026';

/**
 * Puts the fitting prerendered screen into the root element, so the browser lays it out and
 * paints it while React still downloads. A new user at / gets the URL the guard would have sent
 * them to. Returns the screen shown, if any (none on the dev server: its index.html has no
 * markup). The markup is the build's own render of the app, from the page's own document.
 */
export function showPrerenderedScreen(
  root: HTMLElement,
  onboarded: boolean,
): FirstScreen | undefined {
  const screen = firstScreenFor(window.location.pathname, onboarded);
  const block = screen && document.getElementById(markupId(screen));
  const markup = block instanceof HTMLScriptElement ? block.text : '';
  if (!screen || !markup || root.hasChildNodes()) return undefined;
  if (window.location.pathname !== FIRST_SCREENS[screen].path) {
    window.history.replaceState(window.history.state, '', FIRST_SCREENS[screen].path);
  }
  root.innerHTML = markup;
  root.setAttribute(PRERENDERED_ATTRIBUTE, screen);
  return screen;
}
