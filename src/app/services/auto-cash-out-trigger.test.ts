// Automatic cash-out after every stored sale, whichever way it was paid: the trigger start-up
// wires listens to the wallet's `payment` updates, which a pasted token's sale announces as a
// Lightning sale does (real EcashReceiver, AutoCashOut and dev Lightning address on the dev mint).
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getEncodedToken, Wallet } from '@cashu/cashu-ts';
import { startLnurl, type DevLnurl } from '../../../dev/lnurl/server';
import { WalletEvents } from '../../core/events';
import {
  autoCashOutOn,
  fundTab,
  openNewCashOutTab,
  storedCashOut,
} from '../../testing/storage/cash-out-tab';
import { devMintSuite } from '../../testing/wallet/dev-mint-suite';
import { ecashReceiverOn } from '../../testing/wallet/ecash-receiver';
import { autoCashOutAfterSales } from './startup';

const dev = devMintSuite();
let lnurl: DevLnurl;

beforeAll(async () => {
  lnurl = await startLnurl({ mintUrl: dev.mint.url, port: 0, log: () => {} });
});

afterAll(async () => {
  await lnurl.close();
});

describe('automatic cash-out after a sale', () => {
  it('is checked after every stored payment, and after nothing else', () => {
    const events = new WalletEvents();
    const autoCashOut = { check: vi.fn(async () => {}) };
    const off = autoCashOutAfterSales({ events, autoCashOut });
    events.emitUpdated({ reason: 'withdrawal', amount: 5 });
    events.emitUpdated({ reason: 'cash-out', amount: 5 });
    events.emitUpdated({ reason: 'restore', amount: 5 });
    events.emitUpdated({ reason: 'proof-states', amount: 5 });
    expect(autoCashOut.check).not.toHaveBeenCalled();
    events.emitUpdated({ reason: 'payment', amount: 5 });
    expect(autoCashOut.check).toHaveBeenCalledTimes(1);
    off();
    events.emitUpdated({ reason: 'payment', amount: 5 });
    expect(autoCashOut.check).toHaveBeenCalledTimes(1);
  });

  it('starts the check once the sale is shown, when told when that is', () => {
    const events = new WalletEvents();
    const autoCashOut = { check: vi.fn(async () => {}) };
    const shown: Array<() => void> = [];
    autoCashOutAfterSales({ events, autoCashOut, afterShown: (run) => shown.push(run) });
    events.emitUpdated({ reason: 'payment', amount: 5 });
    expect(autoCashOut.check).not.toHaveBeenCalled();
    expect(shown).toHaveLength(1);
    shown[0]!();
    expect(autoCashOut.check).toHaveBeenCalledTimes(1);
  });

  it('a sale paid by a pasted token brings the balance to the threshold and is cashed out', async () => {
    const tab = dev.track(await openNewCashOutTab(dev.mint.url));
    await tab.storage.autoCashOut.set({ enabled: true, address: lnurl.address, threshold: 200 });
    await fundTab(tab, dev.mint, [60]);
    const events = new WalletEvents();
    const { auto, outcomes } = autoCashOutOn(tab);
    autoCashOutAfterSales({ events, autoCashOut: auto });
    const receiver = ecashReceiverOn(tab.storage, tab.wallets, { events });

    // The customer's token, pasted at the keypad for a sale of 150 sats.
    const customer = new Wallet(dev.mint.url, { unit: 'sat' });
    await customer.loadMint();
    const quote = await customer.createMintQuoteBolt11(150);
    await dev.mint.pay(quote.quote);
    const proofs = await customer.mintProofsBolt11(150, quote.quote);
    const token = getEncodedToken({ mint: dev.mint.url, unit: 'sat', proofs });
    expect(await receiver.receiveToken(token, { amount: 150 })).toMatchObject({
      status: 'received',
    });

    await expect.poll(() => outcomes.length, { timeout: 15_000, interval: 25 }).toBe(1);
    auto.stop();
    const outcome = outcomes[0];
    if (!outcome?.ok || outcome.result.status !== 'paid') throw new Error(JSON.stringify(outcome));
    const after = await storedCashOut(tab);
    expect(after.history.map((e) => e.type)).toContain('cash-out');
    expect(after.balance).toBeLessThanOrEqual(2);
  });
});
