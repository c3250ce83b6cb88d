// Builds the app's services once at start-up; screens receive them as the `services` prop.
// Imports the protocol libraries: the app loads this module lazily (see start.tsx).
import { DeviceKeys } from '../core/keys';
import { AutoCashOut, type AutoCashOutOutcome } from '../core/wallet/cash-out/auto-cash-out';
import { CashOutService } from '../core/wallet/cash-out/cash-out-service';
import { PaymentService } from '../core/wallet/payment-service';
import { RestoreService } from '../core/wallet/restore/restore-service';
import { WalletProvider } from '../core/wallet/wallet-provider';
import { WithdrawService } from '../core/wallet/withdraw-service';
import { createStorage, type Storage as CashewStorage } from '../storage';
import { createBaseServices, type BaseServiceOptions, type BaseServices } from './base-services';
import type { AppSettings } from './env';
import { browserDeviceStorage, type DeviceStorage } from './device-storage';
import { createInboxMessaging, type MessagingService } from './messaging';

export interface AppServices extends BaseServices {
  /** Every store of src/core/ports.ts on the one IndexedDB database. */
  storage: CashewStorage;
  /** The payment listener (remote payments inbox); started after onboarding. */
  messaging: MessagingService;
  /** One cached cashu-ts Mint/Wallet per mint URL (seeded for the merchant, seedless for a cashier). */
  wallets: WalletProvider;
  /** The one owner of pending mint quotes: create, watch, mint, store; resumed at start-up. */
  payments: PaymentService;
  /** Withdrawal tokens and the watch on their proofs until spent; resumed at start-up. */
  withdraw: WithdrawService;
  /** The phrase restore scan (after a restore onboarding, Settings "Recover funds"); resumed at start-up. */
  restore: RestoreService;
  /** The browser's storage manager (persist, estimate), when it has one. */
  deviceStorage: DeviceStorage | undefined;
  /** Lightning cash-outs (melts) from confirmation to PAID/UNPAID; resumed at start-up. */
  cashOut: CashOutService;
  /** Cashes out at the threshold set in Settings (off by default); checked after each payment. */
  autoCashOut: AutoCashOut;
}

export interface ServiceOptions extends BaseServiceOptions {
  /**
   * SPEC §8 toast for a remote-payment message that cannot be handled (the inbox calls it at
   * most once a minute and logs every case). Omitted: logged only.
   */
  onRemotePaymentError?: (error: Error) => void;
  /** What an automatic cash-out did (a toast in the app). Omitted: logged only. */
  onAutoCashOut?: (outcome: AutoCashOutOutcome) => void;
}

export function createServices(settings: AppSettings, options: ServiceOptions): AppServices {
  return completeServices(createBaseServices(settings, options), options);
}

/** Adds storage (Dexie) and the protocol services (wallets, payments, withdraw, messaging). */
export function completeServices(
  base: BaseServices,
  options: Pick<ServiceOptions, 'onRemotePaymentError' | 'onAutoCashOut'> = {},
): AppServices {
  const { events, logger, clock } = base;
  const storage = createStorage(base.storageOptions);
  const wallets = new WalletProvider({
    keys: storage.keys,
    counters: storage.counterSource,
    logger,
  });
  const deviceKeys = new DeviceKeys(storage.keys);
  const payments = new PaymentService({
    config: storage.config,
    keys: storage.keys,
    quotes: storage.mintQuotes,
    ledger: storage.ledger,
    proofs: storage.proofs,
    counters: storage.counterSource,
    events,
    logger,
    clock,
    wallets,
    // NUT-20: quotes locked to the merchant are signed with the device's nostr key.
    getSigningKey: () => deviceKeys.getOrCreateSecretKey(),
  });
  const withdraw = new WithdrawService({
    config: storage.config,
    proofs: storage.proofs,
    withdrawals: storage.withdrawals,
    ledger: storage.ledger,
    wallets,
    counters: storage.counterSource,
    events,
    logger,
    clock,
  });
  const restore = new RestoreService({
    ledger: storage.restore,
    config: storage.config,
    wallets,
    events,
    logger,
    clock,
  });
  const cashOut = new CashOutService({
    config: storage.config,
    proofs: storage.proofs,
    melts: storage.melts,
    ledger: storage.ledger,
    counters: storage.counterSource,
    wallets,
    events,
    logger,
    clock,
  });
  const autoCashOut = new AutoCashOut({
    settings: storage.autoCashOut,
    config: storage.config,
    proofs: storage.proofs,
    cashOut,
    fetch: (url, init) => globalThis.fetch(url, init),
    logger,
    onOutcome: (outcome) => options.onAutoCashOut?.(outcome),
  });
  return {
    ...base,
    storage,
    messaging: createInboxMessaging({
      config: storage.config,
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
    restore,
    deviceStorage: browserDeviceStorage(),
    cashOut,
    autoCashOut,
  };
}
