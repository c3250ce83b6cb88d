// Builds the app's services once at start-up; screens receive them as the `services` prop.
// Imports the protocol libraries: the app loads this module lazily (see start.tsx).
import type { Checkpoint } from '../../core/checkpoint';
import type { DeviceKeys } from '../../core/keys';
import type { TillLock } from '../../core/lock';
import type { PriceService } from '../../core/prices/price-service';
import type { RelayStatusSource } from '../../core/remote-payments';
import type { CatalogPublisher } from '../../core/remote-payments/merchant/catalog-publisher';
import type { InboxControl } from '../../core/remote-payments/merchant/sales-inbox';
import { afterSaleRules } from '../../core/after-sale';
import { TillStaff } from '../../core/staff/till-staff';
import type { AutoCashOutOutcome } from '../../core/wallet/cash-out/auto-cash-out';
import { createStorage, type Storage as CashewStorage } from '../../storage';
import { browserDeviceStorage, type DeviceStorage } from '../start-up/device-storage';
import type { AppSettings } from '../start-up/env';
import { afterSaleShown } from './after-shown';
import { createBackupServices, type BackupServices } from './backup-services';
import { createBaseServices, type BaseServiceOptions, type BaseServices } from './base';
import { createItemServices } from './item-services';
import { createLockServices } from './lock-services';
import { createPriceServices } from './price-services';
import { createMerchantInbox, createRemoteServices, type RemoteServices } from './remote-services';
import { createWalletServices, type WalletServices } from './wallet-services';

/** What each domain's factory builds (the wallet, the backups, ...), and what the app adds. */
export interface AppServices
  extends
    BaseServices,
    WalletServices,
    Omit<BackupServices, 'restoreSources'>,
    Pick<RemoteServices, 'merchantProfile' | 'receipts'> {
  /** Every store of core's ports on the one IndexedDB database. */
  storage: CashewStorage;
  /** The device's Nostr key, built once: its "one key only" guard holds for the whole app. */
  deviceKeys: DeviceKeys;
  /**
   * The merchant's remote-payment inboxes (the Nostr key's and the sales inbox key's, decision
   * 0030 point 7), started, stopped and restarted together; started after onboarding.
   */
  inbox: InboxControl;
  /** Per relay, whether the inbox gets its payment messages (Settings shows it). */
  relayStatus: RelayStatusSource;
  /** The browser's storage manager (persist, estimate), when it has one. */
  deviceStorage: DeviceStorage | undefined;
  /** The display currency and its BTC price (cached with its time); fiat records of sales. */
  prices: PriceService;
  /**
   * The merchant PIN (docs/security.md): seals the key rows, so everything needing the seed or the
   * Nostr key waits until it is unlocked, and gates Withdraw, Cash out, Connect and Settings.
   */
  lock: TillLock;
  /** The paired cashiers' catalog (items, tips, currency): when the inbox starts and items change. */
  catalog: CatalogPublisher;
  /** The staff list, who is at this till, their shifts (decision 0066). */
  staff: TillStaff;
}

export interface ServiceOptions extends BaseServiceOptions {
  /**
   * The error toast (docs/behaviour.md "Toasts") for a remote-payment message that cannot be
   * handled (the inbox calls it at
   * most once a minute and logs every case). Omitted: logged only.
   */
  onRemotePaymentError?: (error: Error) => void;
  /** What an automatic cash-out did (a toast in the app). Omitted: logged only. */
  onAutoCashOut?: (outcome: AutoCashOutOutcome) => void;
  /**
   * Stops the money flows between the steps of their writes (core/checkpoint.ts). The app passes
   * none; the soak (bench/soak) freezes one there, as a tab closed at that moment.
   */
  checkpoint?: Checkpoint;
}

export function createServices(settings: AppSettings, options: ServiceOptions): AppServices {
  return completeServices(createBaseServices(settings, options), options);
}

/**
 * Adds storage (Dexie) and the protocol services, one factory per domain; the rules that follow a
 * sale are core's (core/after-sale.ts), wired here once.
 */
export function completeServices(
  base: BaseServices,
  options: Pick<ServiceOptions, 'onRemotePaymentError' | 'onAutoCashOut' | 'checkpoint'> = {},
): AppServices {
  const { logger, clock } = base;
  const storage = createStorage(base.storageOptions);
  const keys = createLockServices(storage);
  const { prices } = createPriceServices({ storage, clock, logger });
  const backups = createBackupServices({ base, storage, keys });
  const wallet = createWalletServices({
    base,
    storage,
    keys,
    prices,
    lockedSaleBackups: backups.lockedSaleBackups,
    restoreSources: backups.restoreSources,
    ...(options.onAutoCashOut ? { onAutoCashOut: options.onAutoCashOut } : {}),
    ...(options.checkpoint ? { checkpoint: options.checkpoint } : {}),
  });
  const remote = createRemoteServices({ storage, keys, logger, clock });
  const { catalog } = createItemServices({
    storage,
    getSecretKey: keys.getSecretKey,
    profile: remote.merchantProfile,
    logger,
    clock,
  });
  const rules = afterSaleRules({
    payments: wallet.payments,
    ecashInbox: wallet.ecashInbox,
    receipts: remote.receipts,
    mintBackup: backups.mintBackup,
    appData: backups.appData,
    catalog,
    profile: remote.merchantProfile,
    records: backups.records.schedule,
    lock: keys.lock,
    restore: wallet.restore,
    clock,
    afterShown: afterSaleShown,
  });
  const inbox = createMerchantInbox({
    storage,
    keys,
    remote,
    wallets: wallet.wallets,
    ecashInbox: wallet.ecashInbox,
    rules,
    ...(options.onRemotePaymentError ? { onRemotePaymentError: options.onRemotePaymentError } : {}),
    logger,
    clock,
  });
  const { records, appData, mintBackup, deviceIdentity, lockedSaleBackups } = backups;
  return {
    ...base,
    storage,
    deviceKeys: keys.deviceKeys,
    inbox,
    ...remote,
    mintBackup,
    appData,
    deviceIdentity,
    lockedSaleBackups,
    catalog,
    records,
    ...wallet,
    prices,
    deviceStorage: browserDeviceStorage(),
    lock: keys.lock,
    staff: new TillStaff({
      store: storage.staff,
      owner: keys.lock,
      history: storage.historyRange,
      clock,
      newId: () => crypto.randomUUID(),
      // The profile names each person's cashier link and the catalog is sealed to each: one
      // added, removed or revoked changes both. Start-up syncs both again, so a tab closed between
      // the saved list and the publish still publishes (docs/security.md "A cashier link per person").
      onListChanged: () => {
        void remote.merchantProfile.sync();
        void catalog.sync();
      },
    }),
  };
}
