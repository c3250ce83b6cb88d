// Test helper: an EcashReceiver on a test storage's stores, as app/services wires it, for the
// receive and inbox tests.
import { inProcessQuoteLock } from '../../core/cross-tab-lock';
import { EcashReceiver, type EcashReceiverDeps } from '../../core/wallet/ecash/ecash-receiver';
import type { WalletProvider } from '../../core/wallet/wallet-provider';
import type { TestStorage } from '../storage/db';
import { recordedEvents } from './recorded-events';

/** Accepts the till's configured mint unless `deps` says otherwise. */
export function ecashReceiverOn(
  storage: TestStorage,
  wallets: WalletProvider,
  deps: Partial<EcashReceiverDeps> = {},
): EcashReceiver {
  return new EcashReceiver({
    receipts: storage.ecashReceipts,
    ledger: storage.ecashReceipts,
    proofs: storage.proofs,
    counters: storage.counterSource,
    wallets,
    acceptedMints: async () => [await storage.config.getMintUrl()],
    events: recordedEvents().events,
    logger: storage.logger,
    clock: () => storage.now.value,
    lock: inProcessQuoteLock(),
    ...deps,
  });
}
