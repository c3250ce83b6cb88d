// A restore from the phrase brings back the sales another device took while locked, from their
// envelopes on the relays (decision 0050), on the real storage against the dev mint and a dev
// relay: whether or not that device ever unlocked or still exists, each sale once, and nothing
// the mint did not sign.
import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { OutputData, Wallet } from '@cashu/cashu-ts';
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { describe, expect, it } from 'vitest';
import { publishToRelays } from '../../remote-payments/publish';
import { createRelayPool } from '../../remote-payments/relay-pool';
import { nodePoolOptions } from '../../../testing/backup/relay-backup';
import {
  newDevice,
  newPhrase,
  lockedTabSuite,
  salesOnRelay,
  TEST_PIN,
  type LockedTab,
  type LockedTabOptions,
  type Phrase,
} from '../../../testing/backup/locked-sale-tab';
import { freezeAt } from '../../../testing/wallet/freeze-at';
import { fund, newWallet, randomOutputs } from '../../../../dev/mint/test-support';
import type { EnvelopeWriter } from '../../backup/device-envelope';
import { sealLockedSale } from '../../backup/locked-sale-envelope';
import type { PlainLockedOutput } from '../mint/ports';
import type { StoredProof } from '../proof-ports';
import { amountOf } from '../../units/amount';

const WAIT = { timeout: 20_000, interval: 25 };
const { dev, relay, open } = lockedTabSuite();

/** Device 1 with a PIN, reloaded (locked), takes a paid sale of `amount`; its tab stays open. */
async function lockedSaleOn(phrase: Phrase, amount: number) {
  const dbName = await newDevice(dev.mint.url, phrase, { pin: TEST_PIN });
  const tab = open(dbName);
  const quote = await tab.payments.createInvoice({ amount });
  await dev.mint.pay(quote.quote);
  await expect.poll(() => tab.settled.length, WAIT).toBe(1);
  await tab.payments.idle();
  expect(tab.storage.lock.state()).toBe('locked');
  return { dbName, tab };
}

/** Device 2: the phrase restored on a fresh profile, no PIN. */
async function restoredDevice(phrase: Phrase, options: Partial<LockedTabOptions> = {}) {
  return open(await newDevice(dev.mint.url, phrase), options);
}

/** Swaps the proofs at the mint: they are real, unspent and ours to spend. */
async function spend(proofs: StoredProof[]): Promise<number> {
  const wallet = await newWallet(dev.mint.url);
  const amount = proofs.reduce((sum, p) => sum + p.amount, 0);
  const { send, keep } = await wallet.send(amount, proofs);
  return [...send, ...keep].reduce((sum, p) => sum + Number(p.amount), 0);
}

async function restoreRows(tab: LockedTab) {
  const { events } = await tab.storage.history.page(1, 100);
  return events
    .filter((e) => e.type === 'restore')
    .map((e) => ({ amount: e.amount, metadata: JSON.parse(e.metadata ?? '{}') as object }));
}

/** A stranger's envelope sealed to the phrase's npub (no certificate): outputs of its choosing. */
async function strangersEnvelope(phrase: Phrase, sale: Parameters<typeof sealLockedSale>[1]) {
  const writer: EnvelopeWriter = {
    deviceSecretKey: generateSecretKey(),
    identityPubkey: getPublicKey(phrase.identityKey),
  };
  const event = sealLockedSale(writer, sale, Math.floor(Date.now() / 1000));
  const pool = createRelayPool(nodePoolOptions);
  try {
    expect((await publishToRelays(event, [relay.url], pool)).accepted).toEqual([relay.url]);
  } finally {
    pool.destroy();
  }
}

describe('a restore from the phrase', () => {
  it('gets a sale another device took while locked and never unlocked, once, and spends it', async () => {
    const phrase = newPhrase();
    await lockedSaleOn(phrase, 21);

    const device2 = await restoredDevice(phrase);
    const outcome = await device2.restore.start('onboarding');
    expect(outcome).toMatchObject({
      totalSats: 21,
      mints: [{ mintUrl: dev.mint.url, foundSats: 21, lockedSats: 21 }],
    });
    expect(await device2.storage.proofs.balance()).toBe(21);
    expect(await restoreRows(device2)).toEqual([
      { amount: 21, metadata: expect.objectContaining({ lockedSales: 21 }) as object },
    ]);
    // Random outputs, as the other device's: the next swap moves them to the phrase's outputs.
    const restored = await device2.storage.proofs.listUnspent();
    expect(restored.every((p) => p.random)).toBe(true);
    expect(await device2.withdraw.secureLockedSales()).toBe(21);

    // "Recover funds" again finds nothing new: the sale counts once on this device.
    const again = await device2.restore.start('settings');
    expect(again?.totalSats).toBe(0);
    expect(await device2.storage.proofs.balance()).toBe(21);
    const proofs = await device2.storage.proofs.listUnspent();
    expect(proofs.some((p) => p.random)).toBe(false);
    expect(await spend(proofs)).toBe(21);
  });

  it('gets a sale paid in ecash on a locked till, backed up before its swap', async () => {
    const phrase = newPhrase();
    const device1 = open(await newDevice(dev.mint.url, phrase, { pin: TEST_PIN }));
    const customer = await newWallet(dev.mint.url);
    const proofs = await fund(customer, dev.mint, 5);
    const payment = { id: 'req-1', mintUrl: dev.mint.url, proofs, unit: 'sat', amount: 5 };
    expect(await device1.ecash.receive(payment)).toMatchObject({ status: 'received', amount: 5 });
    expect(device1.storage.lock.state()).toBe('locked');
    expect(await device1.backups.pending()).toBe(0);

    const device2 = await restoredDevice(phrase);
    expect(await device2.restore.start('onboarding')).toMatchObject({
      totalSats: 5,
      mints: [{ lockedSats: 5 }],
    });
  });

  it('gets dollars paid in ecash on a locked till charging in USD back as dollars, never as sats', async () => {
    const phrase = newPhrase();
    const device1 = open(await newDevice(dev.mint.url, phrase, { pin: TEST_PIN }));
    const customer = new Wallet(dev.mint.url, { unit: 'usd' });
    await customer.loadMint();
    const quote = await customer.createMintQuoteBolt11(350);
    await dev.mint.pay(quote.quote);
    const proofs = await customer.mintProofsBolt11(350, quote.quote);
    const payment = {
      id: 'req-usd',
      mintUrl: dev.mint.url,
      proofs,
      unit: 'usd',
      tillUnit: 'usd' as const,
      amount: 350,
    };
    expect(await device1.ecash.receive(payment)).toMatchObject({ status: 'received', amount: 350 });
    expect(device1.storage.lock.state()).toBe('locked');
    expect(await device1.backups.pending()).toBe(0);
    const [backedUp] = await salesOnRelay(relay.url, phrase);
    expect(backedUp).toMatchObject({ amount: 350, unit: 'usd' });
    device1.kill();

    const device2 = await restoredDevice(phrase);
    const outcome = await device2.restore.start('onboarding');
    expect(outcome).toMatchObject({
      totalSats: 0,
      mints: [{ mintUrl: dev.mint.url, foundSats: 0, foundInUnits: { usd: 350 } }],
    });
    expect(await device2.storage.proofs.balance()).toBe(0);
    expect(await device2.storage.proofs.unitBalances()).toEqual([
      { mintUrl: dev.mint.url, amount: amountOf(350, 'usd') },
    ]);
    // Real dollar ecash: a usd wallet swaps it at the mint.
    const restored = await device2.storage.proofs.listUnspent(dev.mint.url, 'usd');
    const { keep, send } = await customer.send(350, restored);
    expect([...keep, ...send].reduce((sum, p) => sum + Number(p.amount), 0)).toBe(350);
  });

  it('gets the sale of a device wiped while locked', async () => {
    const phrase = newPhrase();
    const { dbName, tab } = await lockedSaleOn(phrase, 34);
    tab.kill();
    await Dexie.delete(dbName);

    const device2 = await restoredDevice(phrase);
    expect((await device2.restore.start('onboarding'))?.totalSats).toBe(34);
    expect(await device2.withdraw.secureLockedSales()).toBe(34);
    expect(await spend(await device2.storage.proofs.listUnspent())).toBe(34);
  });

  it('stopped once the sale is stored counts it once when it resumes', async () => {
    const phrase = newPhrase();
    await lockedSaleOn(phrase, 17);
    const dbName = await newDevice(dev.mint.url, phrase);
    const frozen = freezeAt('restore:locked-recorded');
    const first = open(dbName, { checkpoint: frozen.checkpoint });
    void first.restore.start('onboarding');
    await frozen.reached;
    first.kill();

    const second = open(dbName);
    expect((await second.restore.resume())?.totalSats).toBe(17);
    expect(await second.storage.proofs.balance()).toBe(17);
    expect((await restoreRows(second)).map((row) => row.amount)).toEqual([17]);
  });

  it('after the other device swapped the sale finds it once, by the phrase, and the stale envelope adds nothing', async () => {
    const phrase = newPhrase();
    const { tab: device1 } = await lockedSaleOn(phrase, 13);
    expect(await device1.storage.lock.enter(TEST_PIN)).toEqual({ ok: true });
    expect(await device1.withdraw.secureLockedSales()).toBe(13);
    // The removal has not reached the relay (this device went offline before it).

    const device2 = await restoredDevice(phrase);
    const outcome = await device2.restore.start('onboarding');
    expect(outcome?.totalSats).toBe(13);
    expect(outcome?.mints[0]?.lockedSats).toBeUndefined();
    expect(await device2.storage.proofs.balance()).toBe(13);
  });

  it('while the other device swaps afterwards leaves each device holding the sale once', async () => {
    const phrase = newPhrase();
    const { tab: device1 } = await lockedSaleOn(phrase, 8);
    const device2 = await restoredDevice(phrase);
    expect((await device2.restore.start('onboarding'))?.totalSats).toBe(8);

    // Device 1 unlocks and swaps: both hold 8 sats until one spends; device 2's copy is now
    // spent at the mint (its proof-state check clears it, docs/behaviour.md).
    expect(await device1.storage.lock.enter(TEST_PIN)).toEqual({ ok: true });
    expect(await device1.withdraw.secureLockedSales()).toBe(8);
    expect(await device1.storage.proofs.balance()).toBe(8);
    expect(await device2.storage.proofs.balance()).toBe(8);
    const copy = await device2.storage.proofs.listUnspent();
    const wallet = await newWallet(dev.mint.url);
    const states = await wallet.checkProofsStates(copy);
    expect(states.every((s) => s.state === 'SPENT')).toBe(true);
    // Its own swap of them adds nothing: refused as spent, or (same phrase, same counters) the
    // other device's new outputs recovered in their place.
    await device2.withdraw.secureLockedSales();
    expect(await device2.storage.proofs.balance()).toBe(8);
  });
});

describe('an envelope a stranger sealed to the npub', () => {
  /** Random outputs of `amount` on the dev mint's keyset; `signed`: the mint signed them (paid). */
  async function outputsAtMint(amount: number, signed: boolean) {
    const wallet = await newWallet(dev.mint.url);
    const made = randomOutputs(wallet, amount);
    if (signed) {
      const quote = await wallet.createMintQuoteBolt11(amount);
      await dev.mint.pay(quote.quote);
      await wallet.mintProofsBolt11(amount, quote.quote, undefined, {
        type: 'custom',
        data: made.data,
      });
    }
    return { ...made, plain: made.data.map((d) => OutputData.serialize(d)) };
  }

  /** The phrase's restore on a fresh device after the stranger's envelope of these outputs. */
  async function restoreAfter(
    outputs: PlainLockedOutput[],
    amount: number,
    mintUrl = dev.mint.url,
  ) {
    const phrase = newPhrase();
    await strangersEnvelope(phrase, {
      source: 'quote',
      ref: 'stranger',
      mintUrl,
      amount,
      keysetId: outputs[0]!.blindedMessage.id,
      outputs,
    });
    const device = await restoredDevice(phrase);
    return { device, outcome: await device.restore.start('onboarding') };
  }

  it('naming outputs the mint never signed adds nothing', async () => {
    const { plain } = await outputsAtMint(64, false);
    const { device, outcome } = await restoreAfter(plain, 64);
    expect(outcome?.totalSats).toBe(0);
    expect(await device.storage.proofs.balance()).toBe(0);
  });

  it('naming outputs the mint signed, with secrets that are not theirs, adds nothing', async () => {
    const signed = await outputsAtMint(8, true);
    // Outputs the mint really signed, claimed with another output's secret and blinding factor.
    const other = await outputsAtMint(8, false);
    const forged = other.plain.map((o, i) => ({
      ...o,
      blindedMessage: signed.plain[i]!.blindedMessage,
    }));
    const { device, outcome } = await restoreAfter(forged, 8);
    expect(outcome?.totalSats).toBe(0);
    expect(device.warnings.some((w) => w.includes('is malformed; ignored'))).toBe(true);
  });

  it('naming a mint the phrase never used does not send the restore there', async () => {
    const { plain } = await outputsAtMint(2, false);
    const { outcome } = await restoreAfter(plain, 2, 'http://127.0.0.1:9');
    expect(outcome?.mints.map((m) => m.mintUrl)).toEqual([dev.mint.url]);
  });

  it('with outputs the mint signed and secrets that are theirs is money the mint honours', async () => {
    const { plain } = await outputsAtMint(4, true);
    const { device, outcome } = await restoreAfter(plain, 4);
    expect(outcome?.totalSats).toBe(4);
    await device.withdraw.secureLockedSales();
    expect(await spend(await device.storage.proofs.listUnspent())).toBe(4);
  });
});

describe('a relay that cannot be read', () => {
  it('says so in the restore result; the phrase walk still runs', async () => {
    const phrase = newPhrase();
    const device2 = await restoredDevice(phrase, { relays: () => ['ws://127.0.0.1:9'] });
    const outcome = await device2.restore.start('onboarding');
    expect(outcome?.discoveryError).toContain('sales taken while locked');
    expect(outcome?.mints.map((m) => m.mintUrl)).toEqual([dev.mint.url]);
  });
});
