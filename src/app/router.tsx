// The browser data router built from the route table and the app's services.
import { createBrowserRouter } from 'react-router';
import { createRoutes, type ShellServices } from './routes';
import type { ServiceSource } from './services/deferred';

export function createAppRouter(source: ServiceSource, shell?: ShellServices) {
  return createBrowserRouter(createRoutes(source, shell));
}
