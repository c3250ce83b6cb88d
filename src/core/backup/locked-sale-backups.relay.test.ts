// A sale taken while the till is locked is backed up on the relays before its mint request
// (decision 0050), on the real storage and till lock against the dev mint and a dev relay: the
// envelope is there first, a dead or silent relay never holds the sale up and is retried, the
// envelope goes once the PIN swaps the sale, and a tab closed between the steps loses nothing.
import 'fake-indexeddb/auto';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { describe, expect, it } from 'vitest';
import { getPublicKey } from 'nostr-tools/pure';
import { storedMoney } from '../../testing/storage/stored-money';
import { freezeAt } from '../../testing/wallet/freeze-at';
import {
  envelopesOn,
  newDevice,
  newPhrase,
  lockedTabSuite,
  LOCKED_WAIT as WAIT,
  TEST_PIN,
  type LockedTab,
} from '../../testing/backup/locked-sale-tab';
import type { WriteStep } from '../checkpoint';
import { lockedRemoteQuote } from '../../testing/wallet/remote-quote';
import { lockPubkeyForNostrKey } from '../wallet/mint/nut20-key';
import { openEnvelope } from './device-envelope';

const { dev, relay, open, salesOnRelay } = lockedTabSuite();

async function lockedDevice(phrase = newPhrase()) {
  return { phrase, dbName: await newDevice(dev.mint.url, phrase, { pin: TEST_PIN }) };
}

/** A paid sale of `amount` on a locked till, landed. */
async function lockedSale(tab: LockedTab, amount: number) {
  const quote = await tab.payments.createInvoice({ amount });
  await dev.mint.pay(quote.quote);
  await expect.poll(() => tab.settled.length, WAIT).toBe(1);
  await tab.payments.idle();
  return quote;
}

/** A relay that takes the connection and every EVENT, and never answers OK. */
async function silentRelay(): Promise<{ url: string; close(): Promise<void> }> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}

describe('a sale taken while locked', () => {
  it('is on the relay, sealed to the phrase, before its mint request is sent', async () => {
    const { phrase, dbName } = await lockedDevice();
    const frozen = freezeAt('mint:backup-offered');
    const tab = open(dbName, { checkpoint: frozen.checkpoint });
    const quote = await tab.payments.createInvoice({ amount: 21 });
    await dev.mint.pay(quote.quote);
    await frozen.reached;

    expect(dev.mint.mintQuote(quote.quote)?.state).toBe('PAID');
    const [sale, ...more] = await salesOnRelay(phrase);
    expect(more).toEqual([]);
    expect(sale).toMatchObject({ mintUrl: dev.mint.url, amount: 21, certified: true });
    const journal = (await tab.storage.mintQuotes.get(quote.quote))!.lockedOutputs!;
    expect(sale!.journal.outputs.map((o) => o.blindedMessage.B_)).toEqual(
      journal.outputs.map((o) => o.blindedMessage.B_),
    );
    expect(await tab.backups.pending()).toBe(0);
    // The relay sees the device key and the phrase's npub, not the quote id.
    const [event] = await envelopesOn(relay.url, phrase);
    expect(JSON.stringify(event)).not.toContain(quote.quote);
    expect(event!.tags).toContainEqual(['p', getPublicKey(phrase.identityKey)]);
  });

  it('sent to the sales inbox key is backed up the same way before it is minted', async () => {
    const { phrase, dbName } = await lockedDevice();
    const frozen = freezeAt('mint:backup-offered');
    const tab = open(dbName, { checkpoint: frozen.checkpoint, salesInbox: true });
    const inboxKey = await tab.storage.salesInboxKey.getOrCreate();
    const lock = lockPubkeyForNostrKey(getPublicKey(inboxKey));
    const quote = await lockedRemoteQuote(dev.mint.url, 21, lock);
    expect(await tab.payments.takeOverRemote(quote)).toBe(true);
    await dev.mint.pay(quote.quote);
    await frozen.reached;
    expect(dev.mint.mintQuote(quote.quote)?.state).toBe('PAID');
    expect((await salesOnRelay(phrase)).map((s) => s.amount)).toEqual([21]);
  });

  it('lands at once with a dead relay; the backup is pending, retried, and sent once one answers', async () => {
    const { phrase, dbName } = await lockedDevice();
    let relays = ['ws://127.0.0.1:9'];
    const tab = open(dbName, {
      relays: () => relays,
      retryMs: { first: 100, longest: 200 },
    });
    const seen: number[] = [];
    tab.backups.onChange(() => void tab.backups.pending().then((n) => seen.push(n)));
    const quote = await lockedSale(tab, 34);

    expect(await storedMoney(tab.storage)).toMatchObject({ balance: 34, pendingQuotes: 0 });
    expect(dev.mint.mintQuote(quote.quote)?.state).toBe('ISSUED');
    expect(await tab.backups.pending()).toBe(1);
    expect(tab.warnings.some((w) => w.includes('No relay took the backup'))).toBe(true);

    relays = [relay.url];
    await expect.poll(() => tab.backups.pending(), WAIT).toBe(0);
    // Settings hears of it: the line goes without a reload.
    await expect.poll(() => seen.at(-1), WAIT).toBe(0);
    expect((await salesOnRelay(phrase)).map((s) => s.amount)).toEqual([34]);
  });

  it('waits for a relay that never answers no longer than the deadline', async () => {
    const { dbName } = await lockedDevice();
    const silent = await silentRelay();
    try {
      // The publish itself would wait 10 s for the relay's OK; the sale does not.
      const tab = open(dbName, {
        relays: () => [silent.url],
        deadlineMs: 300,
        publishTimeoutMs: 10_000,
      });
      const started = Date.now();
      await lockedSale(tab, 13);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(await tab.storage.proofs.balance()).toBe(13);
      expect(await tab.backups.pending()).toBe(1);
      await tab.payments.idle();
    } finally {
      await silent.close();
    }
  });

  it('is removed from the relay once the PIN swaps it into outputs the phrase restores', async () => {
    const { phrase, dbName } = await lockedDevice();
    const tab = open(dbName);
    await lockedSale(tab, 42);
    // Still locked: the sale's proofs are random, the backup stays.
    await tab.backups.retry();
    expect((await salesOnRelay(phrase)).map((s) => s.amount)).toEqual([42]);

    expect(await tab.storage.lock.enter(TEST_PIN)).toEqual({ ok: true });
    expect(await tab.withdraw.secureLockedSales()).toBe(42);
    await tab.backups.retry();
    expect(await salesOnRelay(phrase)).toEqual([]);
    const newest = (await envelopesOn(relay.url, phrase)).map(
      (e) => openEnvelope(phrase.identityKey, e)?.body,
    );
    expect(newest).toEqual([null]);
    expect(await tab.storage.lockedSaleBackups.list()).toEqual([]);
  });

  it('whose removal no relay takes is retried until one does', async () => {
    const { phrase, dbName } = await lockedDevice();
    let relays = [relay.url];
    const tab = open(dbName, { relays: () => relays, retryMs: { first: 100, longest: 200 } });
    await lockedSale(tab, 8);
    expect(await tab.storage.lock.enter(TEST_PIN)).toEqual({ ok: true });
    await tab.withdraw.secureLockedSales();
    relays = ['ws://127.0.0.1:9'];
    await tab.backups.retry();
    expect((await tab.storage.lockedSaleBackups.list()).map((r) => r.state)).toEqual(['removing']);
    expect(await tab.backups.pending()).toBe(0);
    relays = [relay.url];
    await expect.poll(() => tab.storage.lockedSaleBackups.list(), WAIT).toEqual([]);
    expect(await salesOnRelay(phrase)).toEqual([]);
  });
});

describe('a locked sale whose tab closes', () => {
  it.each([
    'mint:backup-kept',
    'mint:outputs-journaled',
    'mint:backup-offered',
    'mint:signed',
  ] as WriteStep[])(
    'at %s lands once, still locked, with its backup on the relay',
    async (step) => {
      const { phrase, dbName } = await lockedDevice();
      const frozen = freezeAt(step);
      const first = open(dbName, { checkpoint: frozen.checkpoint });
      const quote = await first.payments.createInvoice({ amount: 29 });
      await dev.mint.pay(quote.quote);
      await frozen.reached;
      first.kill();

      const second = open(dbName);
      await second.payments.resumeAll();
      await expect.poll(() => second.settled.length, WAIT).toBe(1);
      await second.payments.idle();
      expect(second.storage.lock.state()).toBe('locked');
      expect(await storedMoney(second.storage)).toEqual({
        balance: 29,
        history: [{ type: 'direct-payment', amount: 29, quoteId: quote.quote }],
        pendingQuotes: 0,
        withdrawals: 0,
      });
      await second.backups.retry();
      const sales = await salesOnRelay(phrase);
      expect(sales.map((s) => s.amount)).toEqual([29]);
      // The envelope on the relay names the outputs the mint signed (those the device stored).
      const rows = await second.storage.lockedSaleBackups.list();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.state).toBe('sent');
    },
  );

  it('between the swap and the removal of its backup, removes it at the next start', async () => {
    const { phrase, dbName } = await lockedDevice();
    const first = open(dbName);
    await lockedSale(first, 55);
    expect(await first.storage.lock.enter(TEST_PIN)).toEqual({ ok: true });
    expect(await first.withdraw.secureLockedSales()).toBe(55);
    first.kill();

    const second = open(dbName);
    await second.backups.retry();
    expect(await salesOnRelay(phrase)).toEqual([]);
    expect(await second.storage.lockedSaleBackups.list()).toEqual([]);
    expect(await second.storage.proofs.balance()).toBe(55);
  });
});
