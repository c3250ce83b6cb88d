// Test helper: a PaymentService over a Dexie Storage, wired as the app wires it, on test intervals.
import type { WalletEvents } from '../../core/events';
import type { Logger } from '../../core/logger';
import type { FiatRecord } from '../../core/ports';
import { PaymentService } from '../../core/wallet/receive/payment-service';
import { TEST_INTERVALS } from '../wallet/payment-harness';
import type { WalletProvider } from '../../core/wallet/wallet-provider';
import type { Storage } from '../../storage/index';

/** The device's nostr key is 32 bytes of 7s, as the test devices store it. */
export function storagePayments(
  storage: Storage,
  deps: {
    events: WalletEvents;
    wallets: WalletProvider;
    logger: Logger;
    fiatFor?: (sats: number) => Promise<FiatRecord | undefined>;
  },
): PaymentService {
  return new PaymentService({
    config: storage.config,
    keys: storage.keys,
    quotes: storage.mintQuotes,
    ledger: storage.ledger,
    proofs: storage.proofs,
    counters: storage.counterSource,
    events: deps.events,
    logger: deps.logger,
    clock: Date.now,
    wallets: deps.wallets,
    getSigningKey: async () => new Uint8Array(32).fill(7),
    intervals: TEST_INTERVALS,
    fiatFor: deps.fiatFor,
  });
}
