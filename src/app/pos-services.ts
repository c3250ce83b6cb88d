// The point-of-sale screen's services before the protocol libraries have loaded: the keypad paints
// at once on the light base, and each call waits for the whole set (cashu-ts, Dexie) only when made.
import type { PosServices } from '../features/pos/deps';
import type { ServiceSource } from './service-source';
import type { AppServices } from './services';

/**
 * PosServices backed by a ServiceSource that may still be loading. Submit awaits the payment
 * service; the balance shows once storage is there; listeners attach as soon as it has loaded and
 * detach whether or not it had by then.
 */
export function deferredPosServices(source: ServiceSource): PosServices {
  const { events, logger } = source.base;
  const later = <T>(use: (services: AppServices) => T | PromiseLike<T>): Promise<T> =>
    source.load().then(use);
  const subscribe = (attach: (services: AppServices) => () => void) => {
    let off: (() => void) | null = null;
    let active = true;
    later((services) => {
      if (active) off = attach(services);
    }).catch(() => {
      // start.tsx logs the failed load; the next call (e.g. Submit) retries it.
    });
    return () => {
      active = false;
      off?.();
    };
  };

  return {
    events,
    logger,
    storage: {
      proofs: {
        // ProofStore.balance never rejects (0 on a failed read, SPEC §8); neither does this.
        balance: () =>
          later((services) => services.storage.proofs.balance()).catch((error: unknown) => {
            logger.error('Could not load the wallet to read the balance', error);
            return 0;
          }),
      },
    },
    payments: {
      createInvoice: (amount) => later((services) => services.payments.createInvoice(amount)),
      setForeground: (quote) => {
        // Calls keep their order: each one runs in a callback on the same load promise.
        later((services) => services.payments.setForeground(quote)).catch(() => {});
      },
      onSettled: (listener) => subscribe((services) => services.payments.onSettled(listener)),
      onFailed: (listener) => subscribe((services) => services.payments.onFailed(listener)),
    },
  };
}
