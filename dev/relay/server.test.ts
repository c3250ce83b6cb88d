// NIP-01/11/45 behaviour of the dev relay: verification, filters, replaceable kinds, persistence.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { startRelay, type DevRelay } from './server.ts';
import { RawRelayClient } from './test-client.ts';

const now = () => Math.floor(Date.now() / 1000);

function note(sk: Uint8Array, createdAt: number, content = 'hi', tags: string[][] = [], kind = 1) {
  return finalizeEvent({ kind, created_at: createdAt, tags, content }, sk);
}

describe('dev relay', () => {
  let relay: DevRelay;
  let client: RawRelayClient;

  beforeEach(async () => {
    relay = await startRelay({ port: 0 });
    client = await RawRelayClient.connect(relay.url);
  });
  afterEach(async () => {
    client.close();
    await relay.close();
  });

  it('refuses a forged signature with OK false and does not store it', async () => {
    const sk = generateSecretKey();
    const genuine = note(sk, now());
    const forged = { ...genuine, sig: note(generateSecretKey(), now()).sig };

    expect(await client.publish(forged)).toEqual([false, 'invalid: signature is wrong']);
    expect(await client.query('s', { ids: [genuine.id] })).toEqual([]);
    // The refusal is not remembered against the id: the genuine event still goes in.
    expect((await client.publish(genuine))[0]).toBe(true);
  });

  it('refuses an event whose id does not match its content', async () => {
    const event = { ...note(generateSecretKey(), now()), content: 'tampered' };
    expect(await client.publish(event)).toEqual([false, 'invalid: id is wrong']);
  });

  it('refuses a malformed event with OK false and a reason', async () => {
    const { sig: _sig, ...unsigned } = note(generateSecretKey(), now());
    const [accepted, reason] = await client.publish(unsigned);
    expect(accepted).toBe(false);
    expect(reason).toMatch(/^invalid/);
  });

  it('accepts a duplicate with OK true and stores it once', async () => {
    const event = note(generateSecretKey(), now());
    expect(await client.publish(event)).toEqual([true, '']);
    expect(await client.publish(event)).toEqual([true, 'duplicate: the event already exists']);
    expect(await client.query('s', { ids: [event.id] })).toHaveLength(1);
  });

  it('answers a bad REQ with CLOSED and a reason, and garbage with NOTICE', async () => {
    client.send(['REQ', 'bad', { kinds: ['one'] }]);
    const closed = await client.next((f) => f[0] === 'CLOSED');
    expect(closed[1]).toBe('bad');
    expect(closed[2]).toMatch(/^invalid/);
    client.send('not json');
    expect((await client.next((f) => f[0] === 'NOTICE'))[1]).toMatch(/^invalid/);
  });

  it('applies since, until, limit and authors, newest first', async () => {
    const alice = generateSecretKey();
    const bob = generateSecretKey();
    const t = now() - 1000;
    const a1 = note(alice, t + 1);
    const a2 = note(alice, t + 2);
    const a3 = note(alice, t + 3);
    const b2 = note(bob, t + 2);
    for (const e of [a1, a2, a3, b2]) await client.publish(e);
    const ids = async (filter: object) => (await client.query('q', filter)).map((e) => e.id);
    const aliceKey = getPublicKey(alice);

    expect(await ids({ authors: [aliceKey] })).toEqual([a3.id, a2.id, a1.id]);
    expect(await ids({ authors: [aliceKey], since: t + 2 })).toEqual([a3.id, a2.id]);
    expect(await ids({ authors: [aliceKey], until: t + 2 })).toEqual([a2.id, a1.id]);
    expect(await ids({ authors: [aliceKey], limit: 1 })).toEqual([a3.id]);
    expect(await ids({ authors: [getPublicKey(bob)], kinds: [1] })).toEqual([b2.id]);
    expect(await ids({ ids: [a1.id, b2.id] })).toHaveLength(2);
  });

  it('filters on #k, #u and #d tag values', async () => {
    const sk = generateSecretKey();
    const mint = note(
      sk,
      now(),
      '[5/5] good',
      [
        ['k', '38172'],
        ['u', 'http://m1'],
        ['d', 'm1'],
      ],
      38000,
    );
    const other = note(
      sk,
      now(),
      'other',
      [
        ['k', '1'],
        ['u', 'http://m2'],
        ['d', 'm2'],
      ],
      38000,
    );
    await client.publish(mint);
    await client.publish(other);
    const ids = async (filter: object) => (await client.query('t', filter)).map((e) => e.id);

    expect(await ids({ kinds: [38000], '#k': ['38172'] })).toEqual([mint.id]);
    expect(await ids({ '#u': ['http://m2'] })).toEqual([other.id]);
    expect(await ids({ '#d': ['m1', 'm2'] })).toHaveLength(2);
    expect(await ids({ '#k': ['38172'], '#u': ['http://m2'] })).toEqual([]);
  });

  it('keeps only the newest replaceable and addressable event', async () => {
    const sk = generateSecretKey();
    const author = getPublicKey(sk);
    const t = now() - 100;
    const oldProfile = note(sk, t, 'old', [], 0);
    const newProfile = note(sk, t + 10, 'new', [], 0);
    await client.publish(newProfile);
    await client.publish(oldProfile);
    const profiles = await client.query('p', { kinds: [0], authors: [author] });
    expect(profiles.map((e) => e.id)).toEqual([newProfile.id]);

    const first = note(sk, t, 'v1', [['d', 'x']], 30078);
    const second = note(sk, t + 5, 'v2', [['d', 'x']], 30078);
    const otherD = note(sk, t, 'y', [['d', 'y']], 30078);
    for (const e of [first, second, otherD]) await client.publish(e);
    const addressable = await client.query('a', { kinds: [30078], authors: [author] });
    expect(addressable.map((e) => e.id).sort()).toEqual([second.id, otherD.id].sort());
  });

  it('stops live delivery after CLOSE', async () => {
    const sk = generateSecretKey();
    client.send(['REQ', 'live', { authors: [getPublicKey(sk)] }]);
    await client.next((f) => f[0] === 'EOSE');
    const first = note(sk, now(), 'one');
    await client.publish(first);
    expect((await client.next((f) => f[0] === 'EVENT' && f[1] === 'live'))[2]).toMatchObject({
      id: first.id,
    });
    client.send(['CLOSE', 'live']);
    await client.publish(note(sk, now(), 'two'));
    expect(await client.query('after', { authors: [getPublicKey(sk)] })).toHaveLength(2);
    await expect(client.next((f) => f[0] === 'EVENT' && f[1] === 'live', 200)).rejects.toThrow();
  });

  it('pushes a live event only to subscriptions whose #p filter it matches', async () => {
    const me = getPublicKey(generateSecretKey());
    const someoneElse = getPublicKey(generateSecretKey());
    client.send(['REQ', 'mine', { kinds: [1059], '#p': [me] }]);
    await client.next((f) => f[0] === 'EOSE');
    const sender = generateSecretKey();
    const notMine = note(sender, now(), 'x', [['p', someoneElse]], 1059);
    const mine = note(sender, now(), 'y', [['p', me]], 1059);
    await client.publish(notMine);
    await client.publish(mine);
    const first = await client.next((f) => f[0] === 'EVENT' && f[1] === 'mine');
    // Frames on one connection arrive in order: had notMine been pushed, it would come first.
    expect(first[2]).toMatchObject({ id: mine.id });
  });

  it('counts matching events (NIP-45)', async () => {
    const sk = generateSecretKey();
    await client.publish(note(sk, now(), 'a'));
    await client.publish(note(sk, now(), 'b'));
    client.send(['COUNT', 'c', { authors: [getPublicKey(sk)] }]);
    expect(await client.next((f) => f[0] === 'COUNT')).toEqual(['COUNT', 'c', { count: 2 }]);
  });

  it('serves a NIP-11 document with CORS to Accept: application/nostr+json', async () => {
    const response = await fetch(relay.url.replace('ws://', 'http://'), {
      headers: { Accept: 'application/nostr+json' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const info = (await response.json()) as { name: string; supported_nips: number[] };
    expect(info.name).toBe('Cashew dev relay');
    expect(info.supported_nips).toContain(1);
    expect(info.supported_nips).toContain(11);
  });
});

describe('dev relay fault switches', () => {
  let relay: DevRelay;
  beforeEach(async () => {
    relay = await startRelay({ port: 0 });
  });
  afterEach(async () => {
    await relay.close();
  });

  it('answers OK to a dropped event but neither stores nor forwards it, then works again', async () => {
    const reader = await RawRelayClient.connect(relay.url);
    const writer = await RawRelayClient.connect(relay.url);
    const sk = generateSecretKey();
    reader.send(['REQ', 'live', { authors: [getPublicKey(sk)] }]);
    await reader.next((f) => f[0] === 'EOSE');
    relay.faults.dropEvents(1);
    const lost = note(sk, now(), 'lost');
    const kept = note(sk, now(), 'kept');
    expect(await writer.publish(lost)).toEqual([true, '']);
    expect(await writer.publish(kept)).toEqual([true, '']);
    const pushed = await reader.next((f) => f[0] === 'EVENT' && f[1] === 'live');
    expect(pushed[2]).toMatchObject({ id: kept.id });
    expect((await writer.query('s', { authors: [getPublicKey(sk)] })).map((e) => e.id)).toEqual([
      kept.id,
    ]);
    reader.close();
    writer.close();
  });

  it('drops its connections and refuses new ones while down, keeping what it stored', async () => {
    const client = await RawRelayClient.connect(relay.url);
    const event = note(generateSecretKey(), now());
    await client.publish(event);
    relay.faults.down();
    await expect(RawRelayClient.connect(relay.url)).rejects.toThrow(/503/);
    relay.faults.up();
    const again = await RawRelayClient.connect(relay.url);
    expect(await again.query('s', { ids: [event.id] })).toHaveLength(1);
    again.close();
    client.close();
  });
});

describe('dev relay with a file', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cashew-relay-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps events across a restart', async () => {
    const file = join(dir, 'nested', 'events.json');
    const event = note(generateSecretKey(), now() - 3600, 'persist me');
    const first = await startRelay({ port: 0, file });
    const writer = await RawRelayClient.connect(first.url);
    expect((await writer.publish(event))[0]).toBe(true);
    writer.close();
    await first.close();

    const second = await startRelay({ port: 0, file });
    const reader = await RawRelayClient.connect(second.url);
    const stored = await reader.query('r', { ids: [event.id] });
    reader.close();
    await second.close();
    expect(stored).toEqual([JSON.parse(JSON.stringify(event))]);
  });
});
