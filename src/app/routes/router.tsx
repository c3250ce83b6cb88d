// The browser data router built from the route table and the app's services.
import { createBrowserRouter, type HydrationState } from 'react-router';
import { createRoutes, type ShellServices } from './routes';
import type { ServiceSource } from '../services/deferred';

export interface AppRouterOptions {
  /** What the shell shows beside every main screen (update banner, connection status). */
  shell?: ShellServices;
  /** The loader results a prerendered first screen was rendered with. */
  hydrationData?: HydrationState;
}

export function createAppRouter(source: ServiceSource, options: AppRouterOptions = {}) {
  const { shell, hydrationData } = options;
  return createBrowserRouter(
    createRoutes(source, shell),
    hydrationData ? { hydrationData } : undefined,
  );
}
