// Build-time only: the first screen of a new user (the welcome) rendered to HTML with the app's own routes,
// so index.html can show them before the JavaScript has run (docs/decisions/0002-first-load.md).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { WalletEvents } from '../../core/events';
import type { Logger } from '../../core/logger';
import { createRoutes } from '../routes/routes';
import type { BaseServices } from '../services/base';
import type { ServiceSource } from '../services/deferred';
import { FIRST_SCREENS, type FirstScreen } from './first-screens';

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

async function renderScreen(screen: FirstScreen): Promise<string> {
  const { path, onboarded } = FIRST_SCREENS[screen];
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

export async function renderFirstScreens(): Promise<Record<FirstScreen, string>> {
  return { welcome: await renderScreen('welcome') };
}
