// The browser data router built from the route table and the app's services.
import { createBrowserRouter } from 'react-router';
import { createRoutes } from './routes';
import type { AppServices } from './services';

export function createAppRouter(services: AppServices) {
  return createBrowserRouter(createRoutes(services));
}
