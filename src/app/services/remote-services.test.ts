// Tests for the remote payments' factory: the profile names the keys and mint it is built with.
import 'fake-indexeddb/auto';
import { getPublicKey } from 'nostr-tools/pure';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../core/logger';
import { closedAfterEach, DEFAULTS } from '../../testing/storage/db';
import { createLockServices } from './lock-services';
import { createRemoteServices } from './remote-services';

const storages = closedAfterEach();

describe('createRemoteServices', () => {
  it('the merchant profile names the device key, the sales inbox key and the stored mint', async () => {
    const storage = await storages.withPhrase();
    const keys = createLockServices(storage);
    const remote = createRemoteServices({ storage, keys, logger: silentLogger, clock: () => 1 });
    const profile = await remote.merchantProfile.profile();
    expect(profile.pubkey).toBe(`02${getPublicKey(await keys.getSecretKey())}`);
    expect(profile.inbox).toBe(getPublicKey(await keys.salesKey()));
    expect(profile.mints).toEqual([DEFAULTS.mintUrl]);
    expect(profile.relays).toEqual(DEFAULTS.relays);
  });
});
