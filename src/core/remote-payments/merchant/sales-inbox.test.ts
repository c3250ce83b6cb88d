// The sales inbox of a locked till (decision 0030, point 7) with a fake pool and memory ports: it
// reads wraps to the sales inbox key, takes a message only with the link's signature checked
// against the published pairing key (the secret is sealed), and which quotes the key signs.
import { describe, expect, it } from 'vitest';
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { newPairingSecret, pairingKey, provePairing } from '../pairing';
import type { PaymentMessage } from '../payment-message';
import { inboxesTogether, publishedPairingKey, salesKeyForLock } from './sales-inbox';
import { FakeRelayPool } from '../../../testing/remote-payments/fake-pool';
import { FIXTURE_MINT as MINT } from '../../../testing/remote-payments/payment-message-fixture';
import {
  INBOX_NOW as NOW,
  INBOX_RELAY as RELAY,
  lockedPayment,
  merchantKey,
  settleInbox,
  takeVerdict,
} from '../../../testing/remote-payments/inbox-harness';
import { merchantInbox } from '../../../testing/remote-payments/merchant-inbox';
import type { MerchantProfile } from '../merchant-profile';

/** The sales inbox key, and the identity key whose secret a locked till cannot open. */
const sales = merchantInbox();
const identity = merchantKey();

/** A locked till's sales inbox that has read every wrap the pool holds. */
async function readSalesInbox(
  pool: FakeRelayPool,
  verifyKey: string | undefined,
  acceptUnpaired = false,
) {
  const refusals: string[] = [];
  const built = sales.inbox({
    pool,
    getPairing: async () => ({ acceptUnpaired, ...(verifyKey ? { verifyKey } : {}) }),
    acceptedMints: async () => [MINT],
    onRefused: (kind) => refusals.push(kind),
    verify: async (payment, mintUrl, lockPubkey) =>
      takeVerdict(payment, mintUrl, { createdAt: NOW, pubkey: lockPubkey }),
  });
  await built.inbox.start();
  await settleInbox(built.inbox, 20);
  return { ...built, refusals };
}

/** `unsigned` with the paired link's signed proof, wrapped to the sales inbox key. */
function signedWrap(secret: Uint8Array, unsigned: PaymentMessage) {
  return sales.wrapOf({ ...unsigned, pairing: provePairing(secret, unsigned, true) });
}

function sale(quote: string, lock = sales.lock): PaymentMessage {
  return lockedPayment(lock, { quote, receipt: 'ab'.repeat(32) });
}

describe('the sales inbox while the till is locked', () => {
  it('takes a sale signed by the paired link, locked to the sales inbox key', async () => {
    const secret = newPairingSecret();
    const pool = new FakeRelayPool();
    const unsigned = sale('signed');
    pool.deliver(RELAY, signedWrap(secret, unsigned));
    const { tracked } = await readSalesInbox(pool, pairingKey(secret));
    expect(tracked.map((quote) => [quote.quote, quote.pubkey])).toEqual([['signed', sales.lock]]);
  });

  it('drops, as unpaired, a proof without signature, a forged one, and one over changed fields', async () => {
    const secret = newPairingSecret();
    const pool = new FakeRelayPool();
    const hmacOnly = sale('hmac-only');
    pool.deliver(RELAY, sales.wrapOf({ ...hmacOnly, pairing: provePairing(secret, hmacOnly) }));
    const forged = sale('other-link');
    const other = provePairing(newPairingSecret(), forged, true);
    pool.deliver(
      RELAY,
      sales.wrapOf({
        ...forged,
        pairing: { ...other, id: provePairing(secret, forged).id },
      }),
    );
    const changed = sale('changed');
    const proof = provePairing(secret, changed, true);
    pool.deliver(RELAY, sales.wrapOf({ ...changed, amount: 2_100, pairing: proof }));
    const { tracked, refusals } = await readSalesInbox(pool, pairingKey(secret));
    expect(tracked).toEqual([]);
    expect(refusals).toEqual(['unpaired', 'unpaired', 'unpaired']);
  });

  it('drops a sale locked to the identity key (it could not be minted while locked)', async () => {
    const secret = newPairingSecret();
    const pool = new FakeRelayPool();
    const unsigned = sale('identity-lock', identity.lock);
    pool.deliver(RELAY, signedWrap(secret, unsigned));
    const { tracked } = await readSalesInbox(pool, pairingKey(secret));
    expect(tracked).toEqual([]);
  });

  it('without a published pairing key takes only when unpaired links are accepted', async () => {
    const pool = new FakeRelayPool();
    pool.deliver(RELAY, sales.wrapOf(sale('unpaired')));
    const strict = await readSalesInbox(pool, undefined);
    expect(strict.tracked).toEqual([]);
    await strict.inbox.stop();

    const open = await readSalesInbox(pool, undefined, true);
    expect(open.tracked.map((quote) => quote.quote)).toEqual(['unpaired']);
  });
});

describe('sales inbox helpers', () => {
  it('the sales inbox key signs only quotes locked to it, whatever the prefix parity', () => {
    const key = generateSecretKey();
    const x = getPublicKey(key);
    expect(salesKeyForLock(key, `02${x}`)).toBe(key);
    expect(salesKeyForLock(key, `03${x.toUpperCase()}`)).toBe(key);
    expect(salesKeyForLock(key, identity.lock)).toBeUndefined();
    expect(salesKeyForLock(key, x)).toBeUndefined();
  });

  it('reads the pairing key of the last published profile, and nothing from junk', () => {
    const profile: MerchantProfile = { mints: [MINT], relays: [], pairingKey: 'cd'.repeat(32) };
    expect(publishedPairingKey(JSON.stringify(profile))).toBe('cd'.repeat(32));
    expect(publishedPairingKey(JSON.stringify({ mints: [] }))).toBeUndefined();
    expect(publishedPairingKey('{not json')).toBeUndefined();
    expect(publishedPairingKey(undefined)).toBeUndefined();
  });

  it('starts, restarts and stops both inboxes together', async () => {
    const calls: string[] = [];
    const fake = (name: string) => ({
      start: async () => void calls.push(`${name}:start`),
      stop: async () => void calls.push(`${name}:stop`),
      restart: async () => void calls.push(`${name}:restart`),
      whenIdle: async () => {},
      cleanupProcessed: async () => 0,
      isListening: true,
      isActive: name === 'sales',
    });
    const both = inboxesTogether(fake('identity'), fake('sales'));
    await both.start();
    await both.restart();
    await both.stop();
    expect(calls).toEqual([
      'identity:start',
      'sales:start',
      'identity:restart',
      'sales:restart',
      'identity:stop',
      'sales:stop',
    ]);
    expect(both.isActive).toBe(false);
  });
});
