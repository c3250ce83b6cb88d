// Tests for the backups' factory: the identity learnt at unlock, the mint list behind the seed.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { WalletEvents } from '../../core/events';
import type { LockState } from '../../core/lock/till-lock';
import { silentLogger } from '../../core/logger';
import { closedAfterEach, type TestStorage } from '../../testing/storage/db';
import { createBackupServices } from './backup-services';

const storages = closedAfterEach();

function build(storage: TestStorage, sealed: boolean) {
  const listeners: Array<(state: LockState) => void> = [];
  const identityKey = new Uint8Array(32).fill(1);
  const backups = createBackupServices({
    base: { events: new WalletEvents(), logger: silentLogger, clock: () => 1_700_000_000_000 },
    storage,
    keys: {
      openIdentityKey: async () => (sealed ? undefined : identityKey),
      getSecretKey: async () => identityKey,
      seedSealed: async () => sealed,
      lock: {
        onChange: (listener: (state: LockState) => void) => {
          listeners.push(listener);
          return () => {};
        },
      },
    },
  });
  const changeLock = (state: LockState) => listeners.forEach((listener) => listener(state));
  return { backups, changeLock };
}

describe('createBackupServices', () => {
  it('the device learns whose it is when the till unlocks, not when it locks', async () => {
    const storage = await storages.withPhrase();
    const { changeLock } = build(storage, false);
    changeLock('locked');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await storage.deviceIdentity.read()).toBeUndefined();
    changeLock('unlocked');
    await expect.poll(() => storage.deviceIdentity.read()).toBeDefined();
  });

  it('the mint list waits for the PIN while the seed is sealed', async () => {
    const storage = await storages.withPhrase();
    const { backups } = build(storage, true);
    expect(await backups.mintBackup.sync()).toBe('sealed');
  });
});
