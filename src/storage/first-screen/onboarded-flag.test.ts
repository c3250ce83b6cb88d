// The Dexie-free ONBOARDED reader agrees with the config store and never creates the database.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { createStorage, type Storage } from '../index';
import { readOnboardedFlag } from './onboarded-flag';
import { freshDbName, recordingLogger } from '../../testing/storage/db';

const opened: Storage[] = [];
afterEach(() => {
  for (const storage of opened.splice(0)) storage.close();
});

function storageAt(dbName: string): Storage {
  const storage = createStorage({
    dbName,
    defaults: { mintUrl: 'https://mint.example', relays: ['wss://relay.example'] },
    logger: recordingLogger(),
  });
  opened.push(storage);
  return storage;
}

describe('readOnboardedFlag', () => {
  it('reads false for a database that does not exist, and does not create it', async () => {
    const dbName = freshDbName();
    expect(await readOnboardedFlag(dbName)).toBe(false);
    expect(await Dexie.exists(dbName)).toBe(false);
  });

  it('reads what the config store wrote: true after onboarding, false when unset again', async () => {
    const dbName = freshDbName();
    const storage = storageAt(dbName);
    await storage.config.getMintUrl();
    expect(await readOnboardedFlag(dbName)).toBe(false);
    await storage.config.setOnboarded(true);
    expect(await readOnboardedFlag(dbName)).toBe(true);
    await storage.config.setOnboarded(false);
    expect(await readOnboardedFlag(dbName)).toBe(false);
  });

  it('reads false for a database from before the config table (schema v3)', async () => {
    const dbName = freshDbName();
    const old = new Dexie(dbName);
    old.version(3).stores({ proofs: '&secret', processedQuotes: '&quoteId' });
    await old.open();
    old.close();
    expect(await readOnboardedFlag(dbName)).toBe(false);
  });

  it('lets Dexie open and upgrade the database afterwards', async () => {
    const dbName = freshDbName();
    await readOnboardedFlag(dbName);
    const storage = storageAt(dbName);
    await storage.config.setOnboarded(true);
    expect(await storage.config.isOnboarded()).toBe(true);
    expect(await readOnboardedFlag(dbName)).toBe(true);
  });
});
