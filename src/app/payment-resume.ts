// Resuming pending mint quotes at start-up, when the browser is back online and when the tab is
// shown again, so a payment made while the app was closed, offline or hidden still lands.
import type { Logger } from '../core/logger';

export interface PaymentResumeDeps {
  payments: { resumeAll(): Promise<void> };
  config: { isOnboarded(): Promise<boolean> };
  logger: Logger;
  /** Where `online` fires (window). */
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** Where `visibilitychange` fires (document). */
  document: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
}

/**
 * Resumes now (when onboarded) and on every `online` / visible-again event. A device that is not
 * onboarded (the remote cashier page) has no seed and nothing pending, so nothing is resumed there.
 * Overlapping triggers share one run, plus at most one more queued after it, so a burst of events
 * never stacks mint checks. Never throws; failures are logged. Returns the unsubscribe function.
 */
export function startPaymentResume(deps: PaymentResumeDeps): () => void {
  const { payments, config, logger } = deps;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const runOnce = async () => {
    try {
      if (!(await config.isOnboarded())) return;
      await payments.resumeAll();
    } catch (error) {
      logger.error('Resuming pending payments failed', error);
    }
  };

  const resume = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await runOnce();
      } while (again && !stopped);
      running = null;
    })();
    return running;
  };

  const onOnline = () => void resume();
  const onVisibility = () => {
    if (deps.document.visibilityState === 'visible') void resume();
  };
  deps.window.addEventListener('online', onOnline);
  deps.document.addEventListener('visibilitychange', onVisibility);
  void resume();

  return () => {
    stopped = true;
    deps.window.removeEventListener('online', onOnline);
    deps.document.removeEventListener('visibilitychange', onVisibility);
  };
}
