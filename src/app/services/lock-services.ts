// Builds what the merchant PIN guards (docs/security.md): the lock, the device's Nostr key, the
// sales inbox key, and the one "is the seed sealed" question the money flows ask.
import { DeviceKeys } from '../../core/keys';
import type { TillLock } from '../../core/lock';
import { salesKeyForLock } from '../../core/remote-payments/merchant/sales-inbox';
import type { Storage as CashewStorage } from '../../storage';

export interface LockServices {
  lock: TillLock;
  /** The device's Nostr key, built once: its "one key only" guard holds for the whole app. */
  deviceKeys: DeviceKeys;
  /** Whether the seed is sealed now (the lock read from the database first). */
  seedSealed: () => Promise<boolean>;
  /** The identity key when it opens without the PIN now. */
  openIdentityKey: () => Promise<Uint8Array | undefined>;
  getSecretKey: () => Promise<Uint8Array>;
  /** The sales inbox key: plain, so a locked till takes remote sales with it (decision 0030). */
  salesKey: () => Promise<Uint8Array>;
  /** The key a remote quote locked to `quotePubkey` is signed with. */
  inboxKeyFor: (quotePubkey: string) => Promise<Uint8Array | undefined>;
}

export function createLockServices(storage: CashewStorage): LockServices {
  const { lock, keys } = storage;
  const deviceKeys = new DeviceKeys(keys);
  const salesKey = () => storage.salesInboxKey.getOrCreate();
  const seedSealed = async () => {
    await lock.init();
    return lock.state() === 'locked';
  };
  return {
    lock,
    deviceKeys,
    seedSealed,
    openIdentityKey: async () => ((await seedSealed()) ? undefined : keys.getSecretKey()),
    getSecretKey: () => deviceKeys.getOrCreateSecretKey(),
    salesKey,
    inboxKeyFor: async (quotePubkey) => salesKeyForLock(await salesKey(), quotePubkey),
  };
}
