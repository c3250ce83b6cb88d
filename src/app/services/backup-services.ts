// Builds what the relays keep for the phrase: the device identity, backups of sales taken while
// locked, the settings backup, the NUT-27 mint list, the history, and what a restore reads back.
import { getPublicKey } from 'nostr-tools/pure';
import { AppDataBackup, backoffRetry } from '../../core/backup/app-data';
import { DeviceIdentity } from '../../core/backup/device-identity';
import { LockedSaleBackups } from '../../core/backup/locked-sale-backups';
import { lockedSaleReader } from '../../core/backup/locked-sale-reader';
import type { MintBackupPublisher } from '../../core/backup/mint-backup-publisher';
import { relayMintDiscovery } from '../../core/backup/restore-sources';
import type { TillLock } from '../../core/lock';
import { createPoolRelayQuery } from '../../core/discovery/simple-pool-query';
import { createRelayPool } from '../../core/remote-payments/relay-pool';
import type { DiscoverMints, RestoreServiceDeps } from '../../core/wallet/restore/restore-service';
import type { Storage as CashewStorage } from '../../storage';
import { appDataParts } from './app-data-parts';
import type { BaseServices } from './base';
import { createMintBackup } from './inbox';
import type { LockServices } from './lock-services';
import { createRecords, type Records } from './records';

export interface BackupServices {
  /** This device's key and certificate: what it writes for the phrase's other devices. */
  deviceIdentity: DeviceIdentity;
  /** Backups of sales taken while locked: sent before their mint request, retried, removed. */
  lockedSaleBackups: LockedSaleBackups;
  /** The encrypted settings backup (NIP-78), published with the mint list, restored with the phrase. */
  appData: AppDataBackup;
  /** The NUT-27 mint list on the relays: after each sale, when listening starts, at unlock. */
  mintBackup: MintBackupPublisher;
  /** The history on the relays: this device's events published, the other devices' imported. */
  records: Records;
  /** Where a phrase restore looks beyond the wallet's mint (given to the RestoreService). */
  restoreSources: Pick<RestoreServiceDeps, 'discoverMints' | 'lockedSales'>;
}

export interface BackupServiceDeps {
  base: Pick<BaseServices, 'events' | 'logger' | 'clock'>;
  storage: CashewStorage;
  keys: Pick<LockServices, 'openIdentityKey' | 'getSecretKey' | 'seedSealed'> & {
    lock: Pick<TillLock, 'onChange'>;
  };
}

export function createBackupServices({ base, storage, keys }: BackupServiceDeps): BackupServices {
  const { events, logger, clock } = base;
  const { config } = storage;
  const getRelays = () => config.getRelays();
  const { openIdentityKey } = keys;
  // Learnt whenever the identity key is open, so a locked till still writes to the phrase.
  const deviceIdentity = new DeviceIdentity({ store: storage.deviceIdentity, openIdentityKey });
  keys.lock.onChange((state) => {
    if (state === 'unlocked') void deviceIdentity.learnIfOpen();
  });
  // Sales taken while locked go to the relays before their mint request (decision 0050).
  const lockedSaleBackups = new LockedSaleBackups({
    store: storage.lockedSaleBackups,
    writer: () => deviceIdentity.writer(),
    getRelays,
    createPool: () => createRelayPool(),
    clock,
    logger,
  });
  const query = createPoolRelayQuery();
  // Nothing is backed up while a scan has yet to read the backups (a phrase just restored).
  const noRestorePending = async () => (await storage.restore.current()) === undefined;
  // The app's own backup on the relays: the settings, then the item catalog.
  const appData = new AppDataBackup({
    parts: appDataParts(storage),
    createPool: () => createRelayPool(),
    query,
    getRelays,
    getSecretKey: keys.getSecretKey,
    ready: noRestorePending,
    // What a relay took, across page loads: dated after it, not sent again unchanged.
    notes: storage.backupNotes,
    // A part a relay refused is tried again (and Settings says so meanwhile).
    retry: backoffRetry(),
    logger,
    clock,
  });
  // A restore also scans the mints the phrase's NUT-27 list and the shop profile name; after
  // onboarding with a phrase, the settings come back first.
  const relayMints = relayMintDiscovery({
    query,
    getRelays,
    getSeed: () => storage.keys.getSeed(),
    getMerchantPubkey: async () => getPublicKey(await keys.getSecretKey()),
  });
  // Written while locked too (the device key); read only while the identity key is open.
  const records = createRecords({
    store: storage.records,
    identity: deviceIdentity,
    openIdentityKey,
    getRelays,
    isOnboarded: () => config.isOnboarded(),
    query,
    events,
    logger,
    clock,
  });
  // The list needs the seed: while the till is locked it waits for the PIN (decision 0024).
  const mintBackup = createMintBackup({
    config,
    knownMints: () => storage.restore.knownMints(),
    acceptedMints: () => storage.merchantTrust.acceptedMints(),
    getSeed: () => storage.keys.getSeed(),
    seedSealed: keys.seedSealed,
    ready: noRestorePending,
    notes: storage.backupNotes,
    logger,
    clock,
  });
  const discoverMints: DiscoverMints = async (reason) => {
    // Every batch of the history, alongside the scan: its events never touch the balance.
    void records.reader.read('full');
    if (reason === 'onboarding') await appData.restore();
    return relayMints(reason);
  };
  const restoreSources = {
    discoverMints,
    // What the phrase's devices took while locked and have not swapped yet (decision 0050).
    lockedSales: lockedSaleReader({
      query,
      getRelays,
      getIdentityKey: keys.getSecretKey,
      logger,
    }),
  };
  return { deviceIdentity, lockedSaleBackups, appData, mintBackup, records, restoreSources };
}
