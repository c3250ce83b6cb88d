// App start-up: build the services once, create the router, render into the root element.
import { createRoot } from 'react-dom/client';
import '../index.css';
import { App } from './App';
import { readAppSettings } from './env';
import { createConsoleLogger } from './logger';
import { createAppRouter } from './router';
import { createServices } from './services';

export function startApp(rootElement: HTMLElement): void {
  const settings = readAppSettings(import.meta.env);
  const services = createServices(settings, { logger: createConsoleLogger() });
  const router = createAppRouter(services);
  createRoot(rootElement).render(<App router={router} />);
}
