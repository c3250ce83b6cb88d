// Builds the app's services once at start-up; screens receive them as the `services` prop.
// Imports the protocol libraries: the app loads this module lazily (see start.tsx).
import { DeviceKeys } from '../../core/keys';
import type { RemotePaymentInbox } from '../../core/remote-payments';
import { PaymentService } from '../../core/wallet/receive/payment-service';
import { WalletProvider } from '../../core/wallet/wallet-provider';
import { WithdrawService } from '../../core/wallet/withdraw/withdraw-service';
import { createStorage, type Storage as CashewStorage } from '../../storage';
import { createBaseServices, type BaseServiceOptions, type BaseServices } from './base';
import type { AppSettings } from '../env';
import { createInbox } from './inbox';

export interface AppServices extends BaseServices {
  /** Every store of src/core/ports.ts on the one IndexedDB database. */
  storage: CashewStorage;
  /** The device's Nostr key, built once: its "one key only" guard holds for the whole app. */
  deviceKeys: DeviceKeys;
  /** The merchant's remote-payment inbox; started after onboarding. */
  inbox: RemotePaymentInbox;
  /** One cached cashu-ts Mint/Wallet per mint URL (seeded for the merchant, seedless for a cashier). */
  wallets: WalletProvider;
  /** The one owner of pending mint quotes: create, watch, mint, store; resumed at start-up. */
  payments: PaymentService;
  /** Withdrawal tokens and the watch on their proofs until spent; resumed at start-up. */
  withdraw: WithdrawService;
}

export interface ServiceOptions extends BaseServiceOptions {
  /**
   * The error toast (docs/behaviour.md "Toasts") for a remote-payment message that cannot be
   * handled (the inbox calls it at
   * most once a minute and logs every case). Omitted: logged only.
   */
  onRemotePaymentError?: (error: Error) => void;
}

export function createServices(settings: AppSettings, options: ServiceOptions): AppServices {
  return completeServices(createBaseServices(settings, options), options);
}

/** Adds storage (Dexie) and the protocol services (wallets, payments, withdraw, inbox). */
export function completeServices(
  base: BaseServices,
  options: Pick<ServiceOptions, 'onRemotePaymentError'> = {},
): AppServices {
  const { events, logger, clock } = base;
  const storage = createStorage(base.storageOptions);
  const { config, keys, counterSource: counters } = storage;
  const wallets = new WalletProvider({ keys, counters, logger });
  const deviceKeys = new DeviceKeys(keys);
  // What taking payments and withdrawing both work on.
  const wallet = {
    config,
    ledger: storage.ledger,
    proofs: storage.proofs,
    counters,
    wallets,
    events,
    logger,
    clock,
  };
  const payments = new PaymentService({
    ...wallet,
    keys,
    quotes: storage.mintQuotes,
    // NUT-20: quotes locked to the merchant are signed with the device's nostr key.
    getSigningKey: () => deviceKeys.getOrCreateSecretKey(),
  });
  const withdraw = new WithdrawService({ ...wallet, withdrawals: storage.withdrawals });
  return {
    ...base,
    storage,
    deviceKeys,
    inbox: createInbox({
      config,
      processedQuotes: storage.processedQuotes,
      getSecretKey: () => deviceKeys.getOrCreateSecretKey(),
      // Remote quotes join the one PaymentService: its onSettled toast names them 'remote'.
      takeOver: (quote) => payments.takeOverRemote(quote),
      onInvalidMessage: options.onRemotePaymentError,
      logger,
      clock,
    }),
    wallets,
    payments,
    withdraw,
  };
}
