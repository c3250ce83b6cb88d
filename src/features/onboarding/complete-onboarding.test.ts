// Completion order (docs/behaviour.md "Step 4, complete") and what a failure leaves behind, on real
// storage.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../core/logger';
import type { KeyStore } from '../../core/keys/ports';
import type { NewWalletOnly } from '../../core/settings/ports';
import { WalletExistsError } from '../../core/errors';
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
    isOnboarded: () => storage.config.isOnboarded(),
    saveSettings: async (
      settings: { mintUrl: string; relays: string[] },
      options?: NewWalletOnly,
    ) => {
      calls.push('saveSettings');
      await storage.config.saveSettings(settings, options);
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
    saveWalletKeys: async (k, options) => {
      calls.push('saveWalletKeys');
      await storage.keys.saveWalletKeys(k, options);
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
    // A failing identity step is only logged: the wallet is ready and the listener still starts.
    const deviceIdentity = {
      learnIfOpen: vi.fn(async () => {
        calls.push('deviceIdentity.learnIfOpen');
        throw new Error('no relay');
      }),
    };
    await completeOnboarding(
      {
        config,
        deviceKeys: new DeviceKeys(keys),
        inbox,
        logger: silentLogger,
        restore,
        phraseCheck,
        persistStorage,
        deviceIdentity,
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
      'deviceIdentity.learnIfOpen',
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

  /** Everything that makes the wallet, as stored: what an overwrite would change. */
  async function walletOf(storage: Storage) {
    return {
      mint: await storage.config.getMintUrl(),
      relays: await storage.config.getRelays(),
      phrase: await storage.keys.getMnemonic(),
      seed: Array.from((await storage.keys.getSeed()) ?? []),
      npub: (await new DeviceKeys(storage.keys).getKeypair()).npub,
      onboarded: await storage.config.isOnboarded(),
    };
  }

  const other = {
    mintUrl: 'http://127.0.0.1:9999',
    relays: ['ws://127.0.0.1:9998'],
    phrase: 'legal winner thank year wave sausage worth useful legal winner thank yellow',
  };

  it('refuses on a device that already has a wallet: phrase, seed, key, mint and relays unchanged', async () => {
    const storage = freshStorage();
    const { calls, config, keys, inbox } = recorded(storage);
    const deps = { config, deviceKeys: new DeviceKeys(keys), inbox, logger: silentLogger };
    await completeOnboarding(deps, input);
    const before = await walletOf(storage);
    calls.length = 0;

    for (const mode of ['create', 'restore'] as const) {
      await expect(completeOnboarding(deps, { ...other, mode })).rejects.toBeInstanceOf(
        WalletExistsError,
      );
    }
    expect(calls).toEqual([]);
    expect(await walletOf(storage)).toEqual(before);
    expect(before.npub).toBe(NIP06_NPUB);
  });

  it('refuses when another tab finishes onboarding after the first check: each write checks again', async () => {
    const storage = freshStorage();
    const first = recorded(storage);
    await completeOnboarding(
      {
        config: first.config,
        deviceKeys: new DeviceKeys(first.keys),
        inbox: first.inbox,
        logger: silentLogger,
      },
      input,
    );
    const before = await walletOf(storage);

    // This tab read the flag before the other tab set it.
    const stale = recorded(storage);
    const staleConfig = { ...stale.config, isOnboarded: async () => false };
    const deps = {
      config: staleConfig,
      deviceKeys: new DeviceKeys(stale.keys),
      inbox: stale.inbox,
      logger: silentLogger,
    };
    await expect(completeOnboarding(deps, other)).rejects.toBeInstanceOf(WalletExistsError);
    expect(await walletOf(storage)).toEqual(before);

    // Even if the settings got through, the keys are refused in their own transaction.
    await expect(
      new DeviceKeys(stale.keys).createFromMnemonic(other.phrase, 0, { newWalletOnly: true }),
    ).rejects.toBeInstanceOf(WalletExistsError);
    expect(await walletOf(storage)).toEqual(before);
    expect(stale.inbox.start).not.toHaveBeenCalled();
  });

  it('refuses on a locked till without waiting for the PIN: nothing is written', async () => {
    const storage = freshStorage();
    const { config, keys, inbox } = recorded(storage);
    await completeOnboarding(
      { config, deviceKeys: new DeviceKeys(keys), inbox, logger: silentLogger },
      input,
    );
    await storage.lock.setPin('482915');
    const rowsBefore = await storage.db.keys.toArray();
    const mintBefore = await storage.config.getMintUrl();

    // A new page: the PIN is set but not entered, so sealing would wait for it.
    const reopened = createStorage({
      dbName: storage.db.name,
      defaults: { mintUrl: 'https://default.mint', relays: ['wss://default.relay'] },
      logger: silentLogger,
    });
    opened.push(reopened);
    const again = recorded(reopened);
    await expect(
      completeOnboarding(
        {
          config: again.config,
          deviceKeys: new DeviceKeys(again.keys),
          inbox: again.inbox,
          logger: silentLogger,
        },
        other,
      ),
    ).rejects.toBeInstanceOf(WalletExistsError);
    expect(await reopened.db.keys.toArray()).toEqual(rowsBefore);
    expect(await reopened.config.getMintUrl()).toBe(mintBefore);
  });
});
