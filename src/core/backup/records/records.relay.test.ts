// The history on the dev relay: two devices of one phrase converge to one history and one day
// summary, each event once; a fresh device restoring reads every batch; a relay that refuses a
// batch leaves it pending until it takes it; a tab that dies between a publish and its note
// publishes again without duplicates; only the phrase's certified devices are believed.
import 'fake-indexeddb/auto';
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import * as nip44 from 'nostr-tools/nip44';
import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import { startRelay } from '../../../../dev/relay/server.ts';
import { createPoolRelayQuery } from '../../discovery/simple-pool-query';
import type { HistoryEvent } from '../../history-ports';
import { daySummary } from '../../records/day-summary';
import { localDate } from '../../records/local-day';
import { refundLinkOf } from '../../receipts/refunds';
import { publishToRelays } from '../../remote-payments/publish';
import { createRelayPool, type RelayPool } from '../../remote-payments/relay-pool';
import {
  certifyDevice,
  DEVICE_ENVELOPE_KIND,
  envelopeFilter,
  sealEnvelope,
} from '../device-envelope';
import { nodePoolOptions } from '../../../testing/backup/relay-backup';
import {
  recordsOnDevRelay,
  recordsDevice,
  type RecordsDevice,
} from '../../../testing/backup/records-device';
import { batchName } from './record-batches';
import { toRecordEvent } from './record-event';

const query = createPoolRelayQuery({ WebSocket });

const LINES = {
  lines: [
    { itemId: 'flat-white', name: 'Flat white', quantity: 2, unitSats: 2_500 },
    { name: 'Custom amount', quantity: 1, unitSats: 100 },
  ],
  subtotalSats: 5_100,
  taxSats: 0,
  tipSats: 200,
  method: 'lightning' as const,
};

/** Each event as `<device>:<its id on that device>`, whichever device holds it. */
async function globalIds(device: RecordsDevice): Promise<string[]> {
  const self = await device.identity.devicePubkey();
  const rows = (await device.storage.db.historyEvents.toArray()) as Array<
    HistoryEvent & { gid?: string }
  >;
  return rows.map((row) => row.gid ?? `${self}:${row.id}`).sort();
}

async function summaryOf(device: RecordsDevice) {
  const summary = await daySummary(
    device.storage.historyRange,
    localDate(device.storage.now.value),
  );
  return summary;
}

/** The pool with `refused` relays answering OK false to every publish. */
function refusing(pool: RelayPool, refused: Set<string>): RelayPool {
  return {
    publish: (relays, event, params) =>
      relays.map((relay) =>
        refused.has(relay)
          ? Promise.reject(new Error('blocked: not now'))
          : pool.publish([relay], event, params)[0]!,
      ),
    subscribe: (relays, filter, params) => pool.subscribe(relays, filter, params),
    close: (relays) => pool.close(relays),
    destroy: () => pool.destroy(),
  };
}

describe('the history on the relays', () => {
  const { relay, relays } = recordsOnDevRelay();

  it('two devices of one phrase converge to one history and one day summary, each event once', async () => {
    const identityKey = generateSecretKey();
    const one = await recordsDevice({ relays, identityKey });
    const two = await recordsDevice({ relays, identityKey });
    await one.sale(5_300, { sale: LINES, fiat: { currency: 'EUR', price: 90_000, value: 4.77 } });
    await one.sale(1_000);
    await two.sale(700);
    await two.sale(2_100, { type: 'remote-payment' });

    await one.publisher.syncOnce();
    await two.publisher.syncOnce();
    expect(await one.reader.read()).toMatchObject({ status: 'read', imported: 2 });
    expect(await two.reader.read()).toMatchObject({ status: 'read', imported: 2 });

    expect(await globalIds(one)).toEqual(await globalIds(two));
    expect((await globalIds(one)).length).toBe(4);
    const summary = await summaryOf(one);
    expect(summary).toEqual(await summaryOf(two));
    expect(summary?.sales).toEqual({ count: 4, sats: 9_100 });
    expect(summary?.items).toEqual([
      { name: 'Flat white', quantity: 2, sats: 5_000 },
      { name: 'Custom amount', placeholder: 'custom', quantity: 1, sats: 100 },
    ]);
    // Device two's copy of the cart sale has its lines, fiat record, and device one's mark.
    const copy = (await two.storage.history.page(1)).events.find((e) => e.amount === 5_300)!;
    expect(copy.sale).toEqual(LINES);
    expect(copy.fiat?.currency).toBe('EUR');
    expect(copy.device).toBe(await one.identity.devicePubkey());

    // More sales on one device, read again by both: only the new one arrives, once.
    await two.sale(333);
    await two.publisher.syncOnce();
    await one.publisher.syncOnce();
    await one.reader.read();
    await two.reader.read();
    await one.reader.read('full');
    expect(await globalIds(one)).toEqual(await globalIds(two));
    expect((await globalIds(one)).length).toBe(5);
    expect(one.imported).toEqual([2, 1]);
    expect(two.imported).toEqual([2]);
    expect(await summaryOf(one)).toEqual(await summaryOf(two));
  });

  it('a fresh device restoring the phrase reads every batch, in the order the events were taken', async () => {
    const identityKey = generateSecretKey();
    const shop = await recordsDevice({ relays, identityKey });
    for (let i = 1; i <= 400; i++) {
      shop.storage.now.value += 60_000;
      await shop.sale(i, i % 10 === 0 ? { sale: LINES } : {});
    }
    await shop.publisher.syncOnce();
    const batches = await shop.storage.records.batches();
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.every((b) => b.taken.includes(relay.url))).toBe(true);

    const fresh = await recordsDevice({ relays, identityKey });
    expect(await fresh.reader.read('full')).toMatchObject({ imported: 400, refused: 0 });
    const rows = await fresh.storage.db.historyEvents.toArray();
    expect(rows.map((r) => r.amount)).toEqual(Array.from({ length: 400 }, (_, i) => i + 1));
    expect(await fresh.reader.read('full')).toMatchObject({ imported: 0 });
  });

  it('a relay that refuses a batch leaves it pending, and it is sent when the relay takes it', async () => {
    const second = await startRelay({ port: 0 });
    try {
      const identityKey = generateSecretKey();
      const refused = new Set([second.url]);
      const relays = () => [relay.url, second.url];
      const one = await recordsDevice({
        relays,
        identityKey,
        pool: (pool) => refusing(pool, refused),
      });
      await one.sale(21);
      expect(await one.publisher.syncOnce()).toEqual({ sent: 1, pending: 1 });
      expect((await one.storage.records.batches())[0]!.taken).toEqual([relay.url]);
      expect(await one.publisher.pending()).toBe(1);
      expect(one.warnings.some(([text]) => String(text).includes('did not take'))).toBe(true);

      refused.clear();
      expect(await one.publisher.syncOnce()).toEqual({ sent: 1, pending: 0 });
      expect(await one.publisher.pending()).toBe(0);
      const filter = envelopeFilter(getPublicKey(identityKey));
      expect(await query([second.url], filter, 3_000)).toHaveLength(1);
      // Nothing left to send: the next run sends nothing.
      expect(await one.publisher.syncOnce()).toEqual({ sent: 0, pending: 0 });
    } finally {
      await second.close();
    }
  });

  it('a tab dying between a publish and its note publishes the batch again, imported once', async () => {
    const identityKey = generateSecretKey();
    const one = await recordsDevice({ relays, identityKey });
    await one.sale(50);
    await one.sale(60);
    const noteTaken = one.storage.records.noteTaken.bind(one.storage.records);
    one.storage.records.noteTaken = () => Promise.reject(new Error('the tab was closed'));
    await expect(one.publisher.syncOnce()).rejects.toThrow('the tab was closed');
    // The relay has the batch; this device does not know it.
    expect((await one.storage.records.batches())[0]!.taken).toEqual([]);
    one.storage.records.noteTaken = noteTaken;

    const two = await recordsDevice({ relays, identityKey });
    expect(await two.reader.read()).toMatchObject({ imported: 2 });
    // The next page load sends the same version again; the reader sees the same events.
    expect(await one.publisher.syncOnce()).toEqual({ sent: 1, pending: 0 });
    await two.reader.read('full');
    expect(await two.storage.db.historyEvents.count()).toBe(2);
    const stored = await query([relay.url], envelopeFilter(getPublicKey(identityKey)), 3_000);
    expect(stored).toHaveLength(1);
  });

  it('the last batch is replaced as it grows, each version dated after the stored one', async () => {
    const identityKey = generateSecretKey();
    const one = await recordsDevice({ relays, identityKey });
    await one.sale(1);
    await one.publisher.syncOnce();
    const first = (await one.storage.records.batches())[0]!;
    await one.sale(2);
    // The clock has not moved: the version is dated from the stored one, as after a reload.
    await one.publisher.syncOnce();
    const second = (await one.storage.records.batches())[0]!;
    expect(second.createdAt).toBeGreaterThan(first.createdAt);
    expect(second.count).toBe(2);
    const stored = await query([relay.url], envelopeFilter(getPublicKey(identityKey)), 3_000);
    expect(stored.map((e) => e.created_at)).toEqual([second.createdAt]);
    const two = await recordsDevice({ relays, identityKey });
    expect(await two.reader.read()).toMatchObject({ imported: 2 });
  });

  it('believes only the phrase’s certified devices, and logs what it refuses', async () => {
    const identityKey = generateSecretKey();
    const identity = getPublicKey(identityKey);
    const event = toRecordEvent({
      id: 1,
      createdAt: 1_700_000_000_000,
      type: 'direct-payment',
      amount: 1_000_000,
      mintUrl: 'https://mint.example',
    });
    const stranger = generateSecretKey();
    const certifiedKey = generateSecretKey();
    const certified = {
      deviceSecretKey: certifiedKey,
      identityPubkey: identity,
      certificate: certifyDevice(identityKey, getPublicKey(certifiedKey)),
    };
    const notJson = finalizeEvent(
      {
        kind: DEVICE_ENVELOPE_KIND,
        created_at: 1_700_000_000,
        tags: [
          ['d', batchName(1)],
          ['p', identity],
        ],
        content: nip44.v2.encrypt(
          'not json {',
          nip44.v2.utils.getConversationKey(certifiedKey, identity),
        ),
      },
      certifiedKey,
    );
    const envelopes = [
      // Anyone can seal to the public key: without the identity's certificate it is refused.
      sealEnvelope(
        { deviceSecretKey: stranger, identityPubkey: identity },
        batchName(0),
        { n: 0, events: [event] },
        1_700_000_000,
      ),
      notJson,
      sealEnvelope(certified, batchName(2), { n: 2, events: 'all of them' }, 1_700_000_000),
      // One malformed event does not cost the batch its good ones.
      sealEnvelope(
        certified,
        batchName(3),
        {
          n: 3,
          events: [
            { ...event, id: 7 },
            { ...event, id: 8, sats: -1 },
          ],
        },
        1_700_000_000,
      ),
    ];
    const pool = createRelayPool(nodePoolOptions);
    try {
      for (const envelope of envelopes) await publishToRelays(envelope, relays(), pool);
    } finally {
      pool.destroy();
    }
    const reader = await recordsDevice({ relays, identityKey });
    expect(await reader.reader.read()).toMatchObject({ imported: 1, refused: 3 });
    const rows = await reader.storage.db.historyEvents.toArray();
    expect(rows.map((r) => [r.gid, r.amount])).toEqual([
      [`${getPublicKey(certifiedKey)}:7`, 1_000_000],
    ]);
    const logged = reader.warnings.map(([text]) => String(text));
    expect(logged).toContain('A history batch not certified by this phrase was refused');
    expect(logged).toContain(
      'A history batch on the relays could not be opened (bad signature or JSON)',
    );
    expect(logged).toContain('A malformed history batch was refused');
    expect(logged).toContain('1 malformed history events were skipped');
  });

  it('a locked device writes its events but reads the others only once the PIN is entered', async () => {
    const identityKey = generateSecretKey();
    const locked = { value: false };
    const till = await recordsDevice({ relays, identityKey, locked });
    await till.identity.learnIfOpen();
    locked.value = true;
    const back = await recordsDevice({ relays, identityKey });
    await back.sale(900);
    await back.publisher.syncOnce();

    await till.sale(2_000);
    expect(await till.publisher.syncOnce()).toEqual({ sent: 1, pending: 0 });
    expect(await till.reader.read()).toEqual({ status: 'locked', imported: 0, refused: 0 });
    expect(await back.reader.read()).toMatchObject({ imported: 1 });

    locked.value = false;
    expect(await till.reader.read()).toMatchObject({ status: 'read', imported: 1 });
  });

  it('a refund on one device stays linked to its sale on every device', async () => {
    const identityKey = generateSecretKey();
    const one = await recordsDevice({ relays, identityKey });
    const two = await recordsDevice({ relays, identityKey });
    const saleOnOne = await one.sale(4_000);
    await one.publisher.syncOnce();
    await two.reader.read();
    const saleOnTwo = (await two.storage.db.historyEvents.toArray())[0]!.id;
    await two.storage.history.addWithdrawal({
      amount: 1_500,
      mintUrl: 'https://mint.example',
      numProofs: 2,
      refund: { refundOf: saleOnTwo, method: 'ecash' },
    });
    await two.publisher.syncOnce();
    await one.reader.read();
    const refundOnOne = (await one.storage.db.historyEvents.toArray()).find(
      (r) => r.type === 'refund',
    )!;
    expect(refundLinkOf(refundOnOne)).toEqual({ refundOf: saleOnOne, method: 'ecash' });

    // A third device restoring gets the sale and the refund, linked to its own copy.
    const three = await recordsDevice({ relays, identityKey });
    await three.reader.read('full');
    const rows = await three.storage.db.historyEvents.toArray();
    const sale = rows.find((r) => r.type === 'direct-payment')!;
    expect(refundLinkOf(rows.find((r) => r.type === 'refund')!)?.refundOf).toBe(sale.id);
  });
});
