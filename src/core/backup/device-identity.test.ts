// The device identity: learnt when the identity key is open, kept for a locked till, and the
// envelopes it writes open certified with the phrase's key.
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { describe, expect, it } from 'vitest';
import { envelopeName, openEnvelope, sealEnvelope } from './device-envelope';
import { DeviceIdentity, type DeviceIdentityRecord } from './device-identity';

function memoryStore() {
  const deviceKey = generateSecretKey();
  let record: DeviceIdentityRecord | undefined;
  let saves = 0;
  return {
    get saves() {
      return saves;
    },
    deviceKey: async () => deviceKey,
    read: async () => record,
    save: async (next: DeviceIdentityRecord) => {
      saves += 1;
      record = next;
    },
  };
}

describe('device identity', () => {
  it('has no writer before the identity key was ever open', async () => {
    const identity = new DeviceIdentity({
      store: memoryStore(),
      openIdentityKey: async () => undefined,
    });
    expect(await identity.writer()).toBeUndefined();
  });

  it('learns the identity on the first write while it is open, then writes while locked', async () => {
    const identityKey = generateSecretKey();
    const store = memoryStore();
    let open = true;
    const identity = new DeviceIdentity({
      store,
      openIdentityKey: async () => (open ? identityKey : undefined),
    });
    expect((await identity.writer())?.identityPubkey).toBe(getPublicKey(identityKey));
    open = false;
    const writer = await identity.writer();
    expect(writer).toBeDefined();
    const event = sealEnvelope(writer!, envelopeName('locked-sale', 'q1'), { q: 'q1' }, 5);
    expect(openEnvelope(identityKey, event)).toMatchObject({ certified: true, body: { q: 'q1' } });
  });

  it('certifies once per identity, and again for a new phrase', async () => {
    const store = memoryStore();
    const identity = new DeviceIdentity({ store, openIdentityKey: async () => undefined });
    const first = generateSecretKey();
    await identity.learn(first);
    await identity.learn(first);
    expect(store.saves).toBe(1);
    const second = generateSecretKey();
    await identity.learn(second);
    expect(store.saves).toBe(2);
    expect((await identity.writer())?.identityPubkey).toBe(getPublicKey(second));
  });
});
