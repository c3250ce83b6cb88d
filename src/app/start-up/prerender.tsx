// Build-time only: the first screen of a new user (the welcome) rendered to HTML with the app's own
// routes, so index.html can show it before the JavaScript has run (docs/decisions/0002-first-load.md),
// and the create step a tap on it leads to, its word cells holding stand-ins
// (docs/decisions/0116-words-before-hydration.md).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { WalletEvents } from '../../core/events';
import type { Logger } from '../../core/logger';
import { createRoutes } from '../routes/routes';
import type { BaseServices } from '../services/base';
import type { ServiceSource } from '../services/deferred';
import { CREATE_WALLET_PATH } from '../../features/onboarding/welcome-taps';
import { updateSession, type SessionBackend } from '../../features/onboarding/session';
import { NEW_PHRASE_WORDS } from '../../core/keys/phrase';
import { FIRST_SCREENS, TAPPED_PHRASE, WORD_STAND_IN, type FirstScreen } from './first-screens';

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {} };

/** Services that answer the onboarding question and nothing else: rendering must not need more. */
function buildTimeSource(onboarded: boolean): ServiceSource {
  const base = {
    logger: silent,
    events: new WalletEvents(),
    clock: () => 0,
    onboarding: { isOnboarded: () => Promise.resolve(onboarded) },
  } as unknown as BaseServices;
  const load = () => Promise.reject(new Error('No services while prerendering'));
  return { base, load, afterFirstPaint: load, firstPaint: () => Promise.resolve() };
}

async function renderScreen(path: string, onboarded: boolean): Promise<string> {
  const handler = createStaticHandler(createRoutes(buildTimeSource(onboarded)));
  const context = await handler.query(new Request(`http://prerender.invalid${path}`));
  if (context instanceof Response) throw new Error(`Prerendering ${path} redirected`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // Same tree as App with toasts off (what start.tsx hydrates); no hydration script: the client
  // router gets its data from FIRST_SCREENS.
  return renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
}

/**
 * The create step as the build renders it, each word a stand-in: the step reads its phrase from
 * the onboarding session, so a session holding stand-ins is put in place for this render, and no
 * phrase is ever made at build time.
 */
async function renderTappedPhrase(): Promise<string> {
  const stored = new Map<string, string>();
  const session: SessionBackend = {
    getItem: (key) => stored.get(key) ?? null,
    setItem: (key, value) => void stored.set(key, value),
    removeItem: (key) => void stored.delete(key),
  };
  updateSession({ draftPhrase: Array(NEW_PHRASE_WORDS).fill(WORD_STAND_IN).join(' ') }, session);
  Object.defineProperty(globalThis, 'sessionStorage', { value: session, configurable: true });
  try {
    const html = await renderScreen(CREATE_WALLET_PATH, false);
    const cells = html.split('data-testid="phrase-word"').length - 1;
    if (cells !== NEW_PHRASE_WORDS) throw new Error(`The create step has ${cells} word cells`);
    return html;
  } finally {
    Reflect.deleteProperty(globalThis, 'sessionStorage');
  }
}

export async function renderFirstScreens(): Promise<
  Record<FirstScreen | typeof TAPPED_PHRASE, string>
> {
  const { path, onboarded } = FIRST_SCREENS.welcome;
  return {
    welcome: await renderScreen(path, onboarded),
    [TAPPED_PHRASE]: await renderTappedPhrase(),
  };
}
