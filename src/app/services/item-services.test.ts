// Tests for the items' factory: the cashiers' catalog checks the merchant profile first.
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../core/logger';
import { closedAfterEach } from '../../testing/storage/db';
import { createItemServices } from './item-services';

const storages = closedAfterEach();

describe('createItemServices', () => {
  it('publishes no catalog while another device holds the cashier links', async () => {
    const storage = await storages.withPhrase();
    const profile = { sync: vi.fn(async () => 'held' as const) };
    const { catalog } = createItemServices({
      storage,
      getSecretKey: async () => new Uint8Array(32).fill(1),
      profile,
      logger: silentLogger,
      clock: () => 1_700_000_000_000,
    });
    await catalog.sync();
    expect(profile.sync).toHaveBeenCalledTimes(1);
    expect(await storage.merchantTrust.lastPublishedCatalog()).toBeUndefined();
  });
});
