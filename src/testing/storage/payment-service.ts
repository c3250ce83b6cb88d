// Test helper: a PaymentService over a Dexie Storage, wired as the app wires it, on test intervals;
// and a whole device of it (storage, keys, wallets) against one mint.
import { expect } from 'vitest';
import type { WalletEvents } from '../../core/events';
import type { Logger } from '../../core/logger';
import type { RemoteFiatLookup } from '../../core/prices/remote-sale-fiat';
import { PaymentService } from '../../core/wallet/receive/payment-service';
import { TEST_INTERVALS } from '../wallet/payment-harness';
import { generateMnemonic, mnemonicToSeedSync } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { silentLogger } from '../../core/logger';
import type { PaymentSettled } from '../../core/wallet/receive/payment-service';
import { WalletProvider } from '../../core/wallet/wallet-provider';
import { createStorage, type Storage } from '../../storage/index';
import { collected } from '../collected';
import { recordedEvents } from '../wallet/recorded-events';
import { walletDeps } from './wallet-deps';

/** The device's nostr key is 32 bytes of 7s, as the test devices store it. */
export function storagePayments(
  storage: Storage,
  deps: {
    events: WalletEvents;
    wallets: WalletProvider;
    logger: Logger;
    fiatFor?: RemoteFiatLookup;
  },
): PaymentService {
  return new PaymentService({
    ...walletDeps(storage, deps),
    keys: storage.keys,
    quotes: storage.mintQuotes,
    getSigningKey: async () => new Uint8Array(32).fill(7),
    intervals: TEST_INTERVALS,
    fiatFor: deps.fiatFor,
  });
}

/**
 * A device on fake-indexeddb taking payments at `mintUrl`: its storage, PaymentService, the
 * settlements and wallet updates it announced, and `shutdown` to stop and close it all.
 */
export async function storagePaymentDevice(
  mintUrl: string,
  options: {
    dbName: string;
    seed?: Uint8Array;
    fiatFor?: RemoteFiatLookup;
  },
) {
  const storage = createStorage({
    dbName: options.dbName,
    defaults: { mintUrl, relays: ['ws://127.0.0.1:7777'] },
    logger: silentLogger,
  });
  await storage.keys.saveWalletKeys({
    secretKey: new Uint8Array(32).fill(7),
    mnemonic: 'unused in this test',
    seed: options.seed ?? mnemonicToSeedSync(generateMnemonic(wordlist)),
  });
  const { events, updates } = recordedEvents();
  const wallets = new WalletProvider({ keys: storage.keys, counters: storage.counterSource });
  const payments = storagePayments(storage, {
    events,
    wallets,
    logger: silentLogger,
    fiatFor: options.fiatFor,
  });
  const settled = collected<PaymentSettled>((listener) => payments.onSettled(listener));
  return {
    storage,
    payments,
    settled,
    updates,
    async shutdown() {
      payments.stop();
      await payments.idle();
      wallets.close();
      storage.close();
    },
  };
}

/** How long a test on the dev mint waits for a paid quote to be settled. */
export const SETTLE_WAIT = { timeout: 15_000, interval: 20 };

/**
 * Tills for a file run on a dev mint (`mintUrl` read when a page opens): each `till()` has a fresh
 * database (named after `prefix`) and phrase, and each `open()` of it loads the page again on them.
 */
export function paymentTills(mintUrl: () => string, prefix: string) {
  let seq = 0;
  return (options: { fiatFor?: RemoteFiatLookup } = {}) => {
    const dbName = `${prefix}-${++seq}`;
    const seed = mnemonicToSeedSync(generateMnemonic(wordlist));
    const open = () => storagePaymentDevice(mintUrl(), { dbName, seed, ...options });
    return {
      open,
      /** The page loaded again with its quotes resumed, once `count` are settled and it is idle. */
      async reopenSettled(count: number) {
        const next = await open();
        try {
          await next.payments.resumeAll();
          await expect.poll(() => next.settled.length, SETTLE_WAIT).toBe(count);
          await next.payments.idle();
          return next;
        } catch (error) {
          await next.shutdown();
          throw error;
        }
      },
    };
  };
}
