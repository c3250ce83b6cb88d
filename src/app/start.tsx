// App start-up: build the services once, create the router, render, then start background work.
import { createRoot } from 'react-dom/client';
import '../index.css';
import { App } from './App';
import { readAppSettings } from './env';
import { createConsoleLogger } from './logger';
import { REMOTE_PAYMENT_ERROR_TOAST } from './messaging';
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
  const services = createServices(settings, {
    logger: createConsoleLogger(),
    // SPEC §8; the inbox rate-limits it to once a minute, the fixed id merges repeats.
    onRemotePaymentError: () =>
      void toast.error(REMOTE_PAYMENT_ERROR_TOAST, { toastId: 'remote-payment-error' }),
  });
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
