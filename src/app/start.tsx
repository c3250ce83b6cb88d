// App start-up: build the services once, create the router, render, then start background work.
import { createRoot } from 'react-dom/client';
import '../index.css';
import { App } from './App';
import { readAppSettings } from './env';
import { createConsoleLogger } from './logger';
import { subscribePaymentNotifications } from './payment-notifications';
import { startPaymentResume } from './payment-resume';
import { createAppRouter } from './router';
import { createServices } from './services';
import { fireConfetti } from '../ui/confetti';
import { toast } from '../ui/toaster';
import { runStartupTasks } from './startup';
import { resumeWithdrawals } from './withdraw-resume';

export function startApp(rootElement: HTMLElement): void {
  const settings = readAppSettings(import.meta.env);
  const services = createServices(settings, { logger: createConsoleLogger() });
  const { payments, logger } = services;
  // Subscribed before resuming, so a payment found at start-up is announced too.
  subscribePaymentNotifications({
    payments,
    toast,
    confetti: () => void fireConfetti((error) => logger.warn('Confetti failed', error)),
    logger,
  });
  startPaymentResume({ payments, config: services.storage.config, logger, window, document });
  const router = createAppRouter(services);
  createRoot(rootElement).render(<App router={router} />);
  void runStartupTasks(services);
  void resumeWithdrawals({ withdraw: services.withdraw, config: services.storage.config, logger });
}
