// Loaded after the first paint (a dynamic import from start.tsx): completes the services with the
// protocol libraries and starts the background work of SPEC §4 "App start".
import type { BaseServices } from './base-services';
import { REMOTE_PAYMENT_ERROR_TOAST } from './inbox';
import { subscribePaymentNotifications } from './payment-notifications';
import { startPaymentResume } from './payment-resume';
import { completeServices, type AppServices } from './services';
import { runStartupTasks } from './startup';
import { resumeWithdrawals } from './withdraw-resume';
import { fireConfetti } from '../ui/confetti';
import { toast } from '../ui/toast';

export function completeAndStart(base: BaseServices): AppServices {
  const services = completeServices(base, {
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
  void runStartupTasks(services);
  void resumeWithdrawals({ withdraw: services.withdraw, config: services.storage.config, logger });
  return services;
}
