// Completion order (docs/behaviour.md "Step 4, complete") and what a failure leaves behind, on real
// storage.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../core/logger';
import type { KeyStore } from '../../core/ports';
import { DeviceKeys } from '../../core/keys';
import { createStorage, type Storage } from '../../storage';
import { completeOnboarding } from './complete-onboarding';
import { NIP06_NPUB, NIP06_PHRASE } from '../../core/keys/nip06-vector';

const input = {
  mintUrl: 'http://127.0.0.1:3338',
  relays: ['ws://127.0.0.1:7777'],
  phrase: NIP06_PHRASE,
};

let count = 0;
const opened: Storage[] = [];
afterEach(() => {
  for (const storage of opened.splice(0)) storage.close();
});

function freshStorage(): Storage {
  const storage = createStorage({
    dbName: `complete-onboarding-${++count}`,
    defaults: { mintUrl: 'https://default.mint', relays: ['wss://default.relay'] },
    logger: silentLogger,
  });
  opened.push(storage);
  return storage;
}

/** Records the order of the completion's effects. */
function recorded(storage: Storage) {
  const calls: string[] = [];
  const config = {
    saveSettings: async (settings: { mintUrl: string; relays: string[] }) => {
      calls.push('saveSettings');
      await storage.config.saveSettings(settings);
    },
    setOnboarded: async (value: boolean) => {
      calls.push(`setOnboarded(${value})`);
      await storage.config.setOnboarded(value);
    },
  };
  const keys: KeyStore = {
    getSecretKey: () => storage.keys.getSecretKey(),
    setSecretKey: (sk) => storage.keys.setSecretKey(sk),
    getMnemonic: () => storage.keys.getMnemonic(),
    getSeed: () => storage.keys.getSeed(),
    saveWalletKeys: async (k) => {
      calls.push('saveWalletKeys');
      await storage.keys.saveWalletKeys(k);
    },
  };
  const inbox = {
    start: vi.fn(async () => {
      calls.push('inbox.start');
    }),
  };
  return { calls, config, keys, inbox };
}

describe('completeOnboarding', () => {
  it('saves settings, creates the keys, sets onboarded, then starts the inbox', async () => {
    const storage = freshStorage();
    const { calls, config, keys, inbox } = recorded(storage);
    await completeOnboarding(
      { config, deviceKeys: new DeviceKeys(keys), inbox, logger: silentLogger },
      input,
    );

    expect(calls).toEqual(['saveSettings', 'saveWalletKeys', 'setOnboarded(true)', 'inbox.start']);
    expect(await storage.config.getMintUrl()).toBe(input.mintUrl);
    expect(await storage.config.getRelays()).toEqual(input.relays);
    expect(await storage.config.isOnboarded()).toBe(true);
    expect(await storage.keys.getMnemonic()).toBe(NIP06_PHRASE);
    expect((await storage.keys.getSeed())?.length).toBe(64);
    expect((await new DeviceKeys(storage.keys).getKeypair()).npub).toBe(NIP06_NPUB);
  });

  it('stays not onboarded when the keys cannot be stored, and a retry completes', async () => {
    const storage = freshStorage();
    const { config, keys, inbox } = recorded(storage);
    const failingKeys: KeyStore = {
      ...keys,
      saveWalletKeys: () => Promise.reject(new Error('quota exceeded')),
    };
    await expect(
      completeOnboarding(
        { config, deviceKeys: new DeviceKeys(failingKeys), inbox, logger: silentLogger },
        input,
      ),
    ).rejects.toThrow('quota exceeded');
    expect(await storage.config.isOnboarded()).toBe(false);
    expect(inbox.start).not.toHaveBeenCalled();

    await completeOnboarding(
      { config, deviceKeys: new DeviceKeys(keys), inbox, logger: silentLogger },
      input,
    );
    expect(await storage.config.isOnboarded()).toBe(true);
    expect((await new DeviceKeys(storage.keys).getKeypair()).npub).toBe(NIP06_NPUB);
  });

  it('rejects an invalid phrase without marking the device onboarded', async () => {
    const storage = freshStorage();
    const { config, keys, inbox } = recorded(storage);
    await expect(
      completeOnboarding(
        { config, deviceKeys: new DeviceKeys(keys), inbox, logger: silentLogger },
        { ...input, phrase: 'abandon '.repeat(12).trim() },
      ),
    ).rejects.toThrow('Invalid mnemonic');
    expect(await storage.config.isOnboarded()).toBe(false);
    expect(await storage.keys.getMnemonic()).toBeUndefined();
  });

  it('still completes when the payment listener fails to start, logging the failure', async () => {
    const storage = freshStorage();
    const { config, keys } = recorded(storage);
    const logger = { ...silentLogger, error: vi.fn() };
    const inbox = { start: () => Promise.reject(new Error('relay down')) };
    await completeOnboarding({ config, deviceKeys: new DeviceKeys(keys), inbox, logger }, input);
    expect(await storage.config.isOnboarded()).toBe(true);
    expect(logger.error).toHaveBeenCalledTimes(1);
  });

  it('in restore mode marks the phrase checked and stores the restore scan before the onboarded flag, then asks to persist storage; create mode does neither', async () => {
    const storage = freshStorage();
    const { calls, config, keys, inbox } = recorded(storage);
    const restore = {
      schedule: vi.fn(async () => {
        calls.push('restore.schedule');
      }),
    };
    const phraseCheck = {
      setConfirmed: vi.fn(async () => {
        calls.push('phraseCheck.setConfirmed');
      }),
    };
    const persistStorage = vi.fn(async () => {
      calls.push('persistStorage');
    });
    await completeOnboarding(
      {
        config,
        deviceKeys: new DeviceKeys(keys),
        inbox,
        logger: silentLogger,
        restore,
        phraseCheck,
        persistStorage,
      },
      { ...input, mode: 'restore' },
    );
    expect(calls).toEqual([
      'saveSettings',
      'saveWalletKeys',
      'phraseCheck.setConfirmed',
      'restore.schedule',
      'setOnboarded(true)',
      'persistStorage',
      'inbox.start',
    ]);

    const other = freshStorage();
    const second = recorded(other);
    const unused = { schedule: vi.fn(async () => {}) };
    const unchecked = { setConfirmed: vi.fn(async () => {}) };
    await completeOnboarding(
      {
        config: second.config,
        deviceKeys: new DeviceKeys(second.keys),
        inbox: second.inbox,
        logger: silentLogger,
        restore: unused,
        phraseCheck: unchecked,
      },
      { ...input, mode: 'create' },
    );
    expect(unused.schedule).not.toHaveBeenCalled();
    // A new phrase was only shown: the reminder asks the merchant to check it later.
    expect(unchecked.setConfirmed).not.toHaveBeenCalled();
  });
});
