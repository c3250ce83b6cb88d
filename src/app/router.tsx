// The browser data router built from the route table and the app's services.
import { createBrowserRouter, type HydrationState } from 'react-router';
import { createRoutes } from './routes';
import type { ServiceSource } from './services/deferred';

/** `hydrationData`: the loader results a prerendered first screen was rendered with. */
export function createAppRouter(source: ServiceSource, hydrationData?: HydrationState) {
  return createBrowserRouter(createRoutes(source), hydrationData ? { hydrationData } : undefined);
}
