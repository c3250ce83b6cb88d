// The history watch on the dev relay: another device's sale reaches this device in seconds; this
// device's own batches and a stranger's flood of envelopes make no read or one; a relay that goes
// away and comes back is watched again at the next tick.
import 'fake-indexeddb/auto';
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { describe, expect, it } from 'vitest';
import { startRelay } from '../../../../dev/relay/server.ts';
import { publishToRelays } from '../../remote-payments/publish';
import { createRelayPool } from '../../remote-payments/relay-pool';
import { nodePoolOptions } from '../../../testing/backup/relay-backup';
import {
  recordsOnDevRelay,
  recordsDevice,
  type RecordsDevice,
} from '../../../testing/backup/records-device';
import { DEVICE_ENVELOPE_KIND } from '../device-envelope';
import { NUDGE_GAP_MS, RecordsWatch } from './records-watch';

const silent = { debug() {}, info() {}, warn() {}, error() {} };

/** A device of the phrase whose clock is the real one: the watch asks for envelopes from now. */
async function deviceNow(relays: () => string[], identityKey: Uint8Array): Promise<RecordsDevice> {
  const device = await recordsDevice({ relays, identityKey });
  device.storage.now.value = Date.now();
  return device;
}

/** A watch for `device`, counting its nudges; each nudge reads, as the schedule's readNow does. */
function watchOf(device: RecordsDevice, relays: () => string[], identityKey: Uint8Array) {
  const nudges: number[] = [];
  const watch = new RecordsWatch({
    createPool: () => createRelayPool(nodePoolOptions),
    getRelays: async () => relays(),
    identityPubkey: async () => getPublicKey(identityKey),
    devicePubkey: () => device.identity.devicePubkey(),
    onOtherDevice: () => {
      nudges.push(Date.now());
      void device.reader.read();
    },
    clock: () => Date.now(),
    logger: silent,
  });
  return { watch, nudges };
}

async function until(check: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('not within time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the history watch', () => {
  const { relay, relays } = recordsOnDevRelay();

  it("another device's sale is imported within seconds; this device's own publish reads nothing", async () => {
    const identityKey = generateSecretKey();
    const one = await deviceNow(relays, identityKey);
    const two = await deviceNow(relays, identityKey);
    const { watch, nudges } = watchOf(one, relays, identityKey);
    await watch.ensureOpen();
    expect(watch.watching).toBe(true);
    try {
      await one.sale(400);
      await one.publisher.syncOnce();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(nudges).toEqual([]);
      await two.sale(2_100);
      const published = Date.now();
      await two.publisher.syncOnce();
      await until(() => one.imported.length === 1);
      expect(Date.now() - published).toBeLessThan(NUDGE_GAP_MS);
      expect(await one.storage.db.historyEvents.count()).toBe(2);
      expect(nudges).toHaveLength(1);
      expect(one.imported).toEqual([1]);
    } finally {
      watch.close();
    }
  });

  it('a flood of envelopes tagging the phrase makes one read per gap, and nothing is imported from it', async () => {
    const identityKey = generateSecretKey();
    const one = await deviceNow(relays, identityKey);
    const { watch, nudges } = watchOf(one, relays, identityKey);
    await watch.ensureOpen();
    try {
      const stranger = generateSecretKey();
      const pool = createRelayPool(nodePoolOptions);
      for (let i = 0; i < 30; i++) {
        const junk = finalizeEvent(
          {
            kind: DEVICE_ENVELOPE_KIND,
            created_at: Math.floor(Date.now() / 1000),
            tags: [
              ['p', getPublicKey(identityKey)],
              ['d', `junk-${i}`],
            ],
            content: 'not an envelope',
          },
          stranger,
        );
        await publishToRelays(junk, [relay.url], pool);
      }
      pool.destroy();
      await until(() => nudges.length === 1);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(nudges).toHaveLength(1);
      expect(await one.storage.db.historyEvents.count()).toBe(0);
    } finally {
      watch.close();
    }
  });

  it('a relay that went away is watched again at the next tick, and its next sale arrives', async () => {
    const identityKey = generateSecretKey();
    let second = await startRelay({ port: 0 });
    const port = second.port;
    try {
      const relays = () => [second.url];
      const one = await deviceNow(relays, identityKey);
      const two = await deviceNow(relays, identityKey);
      const { watch } = watchOf(one, relays, identityKey);
      await watch.ensureOpen();
      await second.close();
      await until(() => !watch.watching);
      second = await startRelay({ port });
      await watch.ensureOpen();
      expect(watch.watching).toBe(true);
      await two.sale(777);
      await two.publisher.syncOnce();
      await until(async () => (await one.storage.db.historyEvents.count()) === 1);
      watch.close();
      expect(watch.watching).toBe(false);
    } finally {
      await second.close();
    }
  });
});
