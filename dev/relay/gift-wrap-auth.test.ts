// The dev relay's AUTH option: gift wraps are read only after NIP-42 AUTH, and only by their recipient.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { makeAuthEvent } from 'nostr-tools/nip42';
import { AUTH_REQUIRED_REASON } from './gift-wrap-auth.ts';
import { startRelay, type DevRelay } from './server.ts';
import { RawRelayClient } from './test-client.ts';

function wrapFor(recipient: string) {
  return finalizeEvent(
    {
      kind: 1059,
      created_at: Math.floor(Date.now() / 1000),
      tags: [['p', recipient]],
      content: 'sealed',
    },
    generateSecretKey(),
  );
}

async function challengeOf(client: RawRelayClient): Promise<string> {
  const frame = await client.next((f) => f[0] === 'AUTH');
  return frame[1] as string;
}

async function authenticate(
  client: RawRelayClient,
  url: string,
  secretKey: Uint8Array,
): Promise<[boolean, string]> {
  const event = finalizeEvent(makeAuthEvent(url, await challengeOf(client)), secretKey);
  client.send(['AUTH', event]);
  const ok = await client.next((f) => f[0] === 'OK' && f[1] === event.id);
  return [ok[2] as boolean, ok[3] as string];
}

describe('dev relay with AUTH for gift wraps', () => {
  let relay: DevRelay;
  const clients: RawRelayClient[] = [];
  const connect = async () => {
    const client = await RawRelayClient.connect(relay.url);
    clients.push(client);
    return client;
  };
  const merchantKey = generateSecretKey();
  const merchant = getPublicKey(merchantKey);
  const stranger = getPublicKey(generateSecretKey());

  async function seed() {
    const publisher = await connect();
    const mine = wrapFor(merchant);
    const theirs = wrapFor(stranger);
    expect(await publisher.publish(mine)).toEqual([true, '']);
    expect(await publisher.publish(theirs)).toEqual([true, '']);
    return { mine, theirs };
  }

  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await relay.close();
  });

  describe('open to every key', () => {
    beforeEach(async () => {
      relay = await startRelay({ port: 0, auth: {} });
    });

    it('refuses an unauthenticated REQ for wraps with auth-required and a challenge', async () => {
      await seed();
      const reader = await connect();
      await challengeOf(reader);
      reader.send(['REQ', 'inbox', { kinds: [1059], '#p': [merchant] }]);
      const closed = await reader.next((f) => f[0] === 'CLOSED' && f[1] === 'inbox');
      expect(closed[2]).toBe(AUTH_REQUIRED_REASON);
      expect(String(closed[2]).startsWith('auth-required:')).toBe(true);
      expect(await challengeOf(reader)).toMatch(/^[0-9a-f]{32}$/);
    });

    it('after AUTH serves only the wraps whose p tag is the authenticated key', async () => {
      const { mine } = await seed();
      const reader = await connect();
      expect(await authenticate(reader, relay.url, merchantKey)).toEqual([true, '']);
      const events = await reader.query('inbox', { kinds: [1059], '#p': [merchant, stranger] });
      expect(events.map((event) => event.id)).toEqual([mine.id]);
      expect(await reader.query('others', { kinds: [1059], '#p': [stranger] })).toEqual([]);
    });

    it('sends a live wrap only to its recipient', async () => {
      const reader = await connect();
      await authenticate(reader, relay.url, merchantKey);
      reader.send(['REQ', 'live', { kinds: [1059] }]);
      await reader.next((f) => f[0] === 'EOSE' && f[1] === 'live');
      const { mine } = await seed();
      const event = await reader.next((f) => f[0] === 'EVENT' && f[1] === 'live');
      expect((event[2] as { id: string }).id).toBe(mine.id);
      await expect(reader.next((f) => f[0] === 'EVENT', 300)).rejects.toThrow();
    });

    it('refuses AUTH with another challenge, and other kinds need none', async () => {
      const reader = await connect();
      await challengeOf(reader);
      const forged = finalizeEvent(makeAuthEvent(relay.url, 'not-the-challenge'), merchantKey);
      reader.send(['AUTH', forged]);
      const ok = await reader.next((f) => f[0] === 'OK' && f[1] === forged.id);
      expect(ok[2]).toBe(false);
      expect(await reader.query('notes', { kinds: [1] })).toEqual([]);
    });

    it('refuses COUNT of wraps to an unauthenticated reader and counts only its own after AUTH', async () => {
      await seed();
      const counter = await connect();
      await challengeOf(counter);
      counter.send(['COUNT', 'c1', { kinds: [1059], '#p': [merchant] }]);
      const closed = await counter.next((f) => f[0] === 'CLOSED' && f[1] === 'c1');
      expect(String(closed[2]).startsWith('auth-required:')).toBe(true);

      const other = await connect();
      await authenticate(other, relay.url, generateSecretKey());
      other.send(['COUNT', 'c2', { kinds: [1059], '#p': [merchant] }]);
      const counted = await other.next((f) => f[0] === 'COUNT' && f[1] === 'c2');
      expect(counted[2]).toEqual({ count: 0 });
    });
  });

  it('with an allow-list, refuses AUTH from any other key', async () => {
    relay = await startRelay({ port: 0, auth: { allow: [stranger] } });
    await seed();
    const reader = await connect();
    const [accepted, reason] = await authenticate(reader, relay.url, merchantKey);
    expect(accepted).toBe(false);
    expect(reason).toMatch(/^restricted:/);
    reader.send(['REQ', 'inbox', { kinds: [1059], '#p': [merchant] }]);
    const closed = await reader.next((f) => f[0] === 'CLOSED' && f[1] === 'inbox');
    expect(String(closed[2]).startsWith('auth-required:')).toBe(true);
  });

  it('without the option, anyone may read and count the wraps (a relay policy)', async () => {
    relay = await startRelay({ port: 0 });
    const { mine } = await seed();
    const reader = await connect();
    const events = await reader.query('inbox', { kinds: [1059], '#p': [merchant] });
    expect(events.map((event) => event.id)).toEqual([mine.id]);
    reader.send(['COUNT', 'c', { kinds: [1059], '#p': [merchant] }]);
    const counted = await reader.next((f) => f[0] === 'COUNT' && f[1] === 'c');
    expect(counted[2]).toEqual({ count: 1 });
  });
});
