// Test helper: a RestoreService on a test storage, as app/services wires it, with the progress it
// reports recorded.
import { inProcessQuoteLock } from '../../core/cross-tab-lock';
import { WalletEvents } from '../../core/events';
import {
  RestoreService,
  type RestoreProgress,
  type RestoreServiceDeps,
} from '../../core/wallet/restore/restore-service';
import type { TestStorage } from '../storage/db';

export function restoreServiceOn(
  storage: TestStorage,
  wallets: RestoreServiceDeps['wallets'],
  deps: Partial<RestoreServiceDeps> = {},
): { restore: RestoreService; progress: Array<RestoreProgress | null> } {
  const progress: Array<RestoreProgress | null> = [];
  const restore = new RestoreService({
    ledger: storage.restore,
    config: storage.config,
    wallets,
    events: new WalletEvents(),
    logger: storage.logger,
    clock: Date.now,
    lock: inProcessQuoteLock(),
    // Small batches keep the tests quick: the stop rule is 3 empty batches of 10 counters.
    batchSize: 10,
    ...deps,
  });
  restore.onProgress((p) => progress.push(p));
  return { restore, progress };
}
