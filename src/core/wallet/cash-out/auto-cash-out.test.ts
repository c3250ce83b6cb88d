// Automatic cash-out against the dev mint and the dev Lightning address: it fires once when the
// balance reaches the threshold, sends the whole balance minus fees, and a failure leaves the
// balance and is retried with backoff, never two at once.
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startLnurl, type DevLnurl } from '../../../../dev/lnurl/server';
import {
  autoCashOutOn,
  fundTab,
  newCashOutDevice,
  openCashOutTab,
  openNewCashOutTab,
  storedCashOut,
  storedInUnits as byUnit,
  type CashOutTab,
} from '../../../testing/storage/cash-out-tab';
import { inProcessQuoteLock } from '../../cross-tab-lock';
import { freezeAt } from '../../../testing/wallet/freeze-at';
import { devMintSuite } from '../../../testing/wallet/dev-mint-suite';
import { withFeeReservePercent } from '../../../testing/wallet/fee-reserve';
import type { AutoCashOut, AutoCashOutOutcome, AutoCashOutSettings } from './auto-cash-out';

const dev = devMintSuite();
let lnurl: DevLnurl;
const autos: AutoCashOut[] = [];

// Registered after the mint's hooks: starts after the dev.mint, stops before tabs close and the dev.mint.
beforeAll(async () => {
  lnurl = await startLnurl({ mintUrl: dev.mint.url, port: 0, log: () => {} });
});

afterEach(() => {
  lnurl.clearFaults();
  for (const auto of autos.splice(0)) auto.stop();
});

afterAll(async () => {
  await lnurl.close();
});

async function setup(settings: Partial<AutoCashOutSettings>, opened?: CashOutTab) {
  const tab = opened ?? (await openNewCashOutTab(dev.mint.url));
  dev.track(tab);
  await tab.storage.autoCashOut.set({
    enabled: true,
    address: lnurl.address,
    threshold: 100,
    ...settings,
  });
  const { auto, outcomes } = autoCashOutOn(tab, { retryBaseMs: 100, retryMaxMs: 400 });
  autos.push(auto);
  return { tab, auto, outcomes };
}

describe('automatic cash-out', () => {
  // docs/decisions/0090-automatic-cash-out-per-unit.md: without a dollar threshold, only sats go.
  it('without a dollar threshold, never cashes out dollars: their cents neither count nor leave', async () => {
    const { tab, auto, outcomes } = await setup({ threshold: 100 });
    await fundTab(tab, dev.mint, [500], 'usd');
    await auto.check();
    expect(outcomes).toEqual([]);
    await fundTab(tab, dev.mint, [100]);
    await auto.check();
    expect(outcomes.map((o) => o.ok && o.result.status)).toEqual(['paid']);
    const cents = (await tab.storage.proofs.unitBalances()).find((b) => b.amount.unit === 'usd');
    expect(cents?.amount.minor).toBe(500);
  });

  it('does nothing below the threshold, then cashes out once when a payment reaches it', async () => {
    const { tab, auto, outcomes } = await setup({ threshold: 100 });
    // The Lightning address is shared by the file's tests: count this test's invoices only.
    const issuedBefore = lnurl.invoices().length;
    await fundTab(tab, dev.mint, [60]);
    await auto.check();
    expect(outcomes).toEqual([]);
    await fundTab(tab, dev.mint, [40]);
    // Two payments stored at once: still one cash-out.
    await Promise.all([auto.check(), auto.check()]);
    expect(outcomes, JSON.stringify(outcomes)).toHaveLength(1);
    const outcome = outcomes[0]!;
    if (!outcome.ok || outcome.result.status !== 'paid') throw new Error(JSON.stringify(outcome));
    // Internal settlement at the dev mint: no routing fee; only what the reserve needs stays.
    const after = await storedCashOut(tab);
    expect(after.balance).toBe(100 - outcome.result.amount - outcome.result.feePaid);
    expect(outcome.result.amount).toBeGreaterThanOrEqual(97);
    expect(after.history).toEqual([
      expect.objectContaining({
        type: 'cash-out',
        amount: outcome.result.amount,
        metadata: expect.objectContaining({ auto: true, destination: lnurl.address }) as unknown,
      }),
    ]);
    expect(lnurl.invoices()).toHaveLength(issuedBefore + 1);
    // Below the threshold again: nothing more.
    await auto.check();
    expect(outcomes).toHaveLength(1);
  });

  it('two tabs checking at once cash out once, and neither reports a failure', async () => {
    const dbName = await newCashOutDevice(dev.mint.url);
    // The two tabs share what Web Locks share between a browser's tabs.
    const lock = inProcessQuoteLock();
    const first = dev.track(openCashOutTab(dbName, { lock }));
    const second = dev.track(openCashOutTab(dbName, { lock }));
    await first.storage.autoCashOut.set({ enabled: true, address: lnurl.address, threshold: 100 });
    await fundTab(first, dev.mint, [100]);
    const issuedBefore = lnurl.invoices().length;
    const runs = [first, second].map((tab) => {
      const run = autoCashOutOn(tab, { retryBaseMs: 60_000, lock });
      autos.push(run.auto);
      return run;
    });
    await Promise.all(runs.map((run) => run.auto.check()));
    const outcomes = runs.flatMap((run) => run.outcomes);
    expect(outcomes.map((o) => (o.ok ? o.result.status : o.error))).toEqual(['paid']);
    expect(lnurl.invoices()).toHaveLength(issuedBefore + 1);
    expect((await storedCashOut(second)).history.map((e) => e.type)).toEqual(['cash-out']);
  });

  it('leaves the balance when the address fails, and retries with backoff until it works', async () => {
    const { tab, auto, outcomes } = await setup({ threshold: 50 });
    await fundTab(tab, dev.mint, [64]);
    lnurl.addFault({ target: 'payRequest', action: 'error500', count: 2 });
    await auto.check();
    expect(outcomes[0]).toMatchObject({ ok: false, retryInMs: 100 });
    expect((await storedCashOut(tab)).balance).toBe(64);
    await expect.poll(() => outcomes.some((o) => o.ok), { timeout: 10_000 }).toBe(true);
    expect(outcomes.filter((o) => !o.ok).map((o) => (o.ok ? 0 : o.retryInMs))).toEqual([100, 200]);
    expect((await storedCashOut(tab)).history).toHaveLength(1);
  });

  it('counts only available sats: a pending withdrawal token neither reaches the threshold nor is paid out', async () => {
    const { tab, auto, outcomes } = await setup({ threshold: 100 });
    await fundTab(tab, dev.mint, [100]);
    const held = await tab.storage.proofs.listUnspent(dev.mint.url);
    await tab.storage.withdrawals.put({
      id: 'withdrawal-pending',
      mintUrl: dev.mint.url,
      token: 'cashuBpending',
      secrets: held.map((p) => p.secret),
      amount: 100,
      createdAt: Date.now(),
    });
    await auto.check();
    expect(outcomes).toEqual([]);

    await fundTab(tab, dev.mint, [100]);
    await auto.check();
    expect(outcomes, JSON.stringify(outcomes)).toHaveLength(1);
    const outcome = outcomes[0]!;
    if (!outcome.ok || outcome.result.status !== 'paid') throw new Error(JSON.stringify(outcome));
    expect(outcome.result.amount).toBeLessThan(100);
    // Every proof of the token is still stored and unspent at the mint.
    const stored = new Set((await tab.storage.proofs.listUnspent()).map((p) => p.secret));
    expect(held.every((p) => stored.has(p.secret))).toBe(true);
    const wallet = await tab.wallets.getWallet(dev.mint.url);
    const states = await wallet.checkProofsStates(held);
    expect(states.every((s) => s.state === 'UNSPENT')).toBe(true);
  });

  it('never pays fees above the limit: a 90 % fee reserve leaves the balance alone', async () => {
    const { tab, auto, outcomes } = await setup({ threshold: 100 });
    await fundTab(tab, dev.mint, [120]);
    await withFeeReservePercent(dev.mint.url, 90, () => auto.check());
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]).toMatchObject({ ok: false });
    expect(outcomes[0]!.ok ? '' : outcomes[0]!.error).toMatch(
      /^The fees \(up to \d+ sats\) are above your limit of \d+ sats\. Nothing was paid\.$/,
    );
    expect(await storedCashOut(tab)).toEqual({ balance: 120, history: [], pending: 0 });
  });

  it('takes the fee limit from the settings: a higher limit pays the same reserve', async () => {
    const { tab, auto, outcomes } = await setup({
      threshold: 100,
      feeLimit: { percent: 100, sats: 0 },
    });
    await fundTab(tab, dev.mint, [120]);
    await withFeeReservePercent(dev.mint.url, 90, () => auto.check());
    const outcome = outcomes[0]!;
    if (!outcome.ok || outcome.result.status !== 'paid') throw new Error(JSON.stringify(outcome));
    // amount + 90 % reserve fits 120: the largest such amount, 63; the reserve comes back as
    // change (internal settlement) and is cashed out too, three more times, each about half.
    const after = await storedCashOut(tab);
    const paid = after.history.map((e) => e.amount).reverse();
    expect(after.history.every((e) => e.type === 'cash-out')).toBe(true);
    expect(paid).toEqual([63, 29, 14, 7]);
    expect(outcome.result.amount).toBe(113);
    expect(after.balance).toBe(120 - 113);
  });

  it('stays off by default', async () => {
    const { tab, auto, outcomes } = await setup({ enabled: false });
    await fundTab(tab, dev.mint, [500]);
    await auto.check();
    expect(outcomes).toEqual([]);
    expect((await storedCashOut(tab)).balance).toBe(500);
  });
});

const WAIT = { timeout: 15_000, interval: 25 };

/** What a paid outcome took from the balance in its unit. */
function taken(outcome: AutoCashOutOutcome | undefined): number {
  if (!outcome?.ok || outcome.result.status !== 'paid') throw new Error(JSON.stringify(outcome));
  return outcome.result.amount + outcome.result.feePaid + outcome.result.inputFee;
}

// docs/decisions/0090-automatic-cash-out-per-unit.md
describe('automatic cash-out of a dollar balance', () => {
  it('goes at the dollar threshold, from dollars only, and leaves the sats', async () => {
    const { tab, auto, outcomes } = await setup({ threshold: 0, unitThresholds: { usd: 300 } });
    await fundTab(tab, dev.mint, [500]);
    await fundTab(tab, dev.mint, [200], 'usd');
    await auto.check();
    expect(outcomes).toEqual([]);

    await fundTab(tab, dev.mint, [200], 'usd');
    await auto.check();
    expect(outcomes, JSON.stringify(outcomes)).toHaveLength(1);
    expect(outcomes[0]).toMatchObject({ ok: true, result: { status: 'paid', unit: 'usd' } });
    const after = await byUnit(tab);
    expect(after.sats).toBe(500);
    expect(after.cents).toBe(400 - taken(outcomes[0]));
    // Only what no payment's fees fit is left (internal settlement: the reserve comes back).
    expect(after.cents).toBeLessThan(10);
    expect(after.history.length).toBeGreaterThanOrEqual(1);
    expect(after.history.every((row) => row.type === 'cash-out' && row.unit === 'usd')).toBe(true);
    // Below the threshold again: nothing more.
    await auto.check();
    expect(outcomes).toHaveLength(1);
  });

  it('goes beside the sats when both have a threshold, each from its own proofs', async () => {
    const { tab, auto, outcomes } = await setup({ threshold: 100, unitThresholds: { usd: 300 } });
    await fundTab(tab, dev.mint, [128]);
    await fundTab(tab, dev.mint, [400], 'usd');
    await auto.check();
    expect(
      outcomes.map((o) => o.ok && o.result.status === 'paid' && (o.result.unit ?? 'sat')),
    ).toEqual(['sat', 'usd']);
    const after = await byUnit(tab);
    expect(after.sats).toBe(128 - taken(outcomes[0]));
    expect(after.cents).toBe(400 - taken(outcomes[1]));
  });

  it('never pays fees above the limit in cents: a 90 % reserve leaves the dollars alone', async () => {
    const { tab, auto, outcomes } = await setup({ threshold: 0, unitThresholds: { usd: 300 } });
    await fundTab(tab, dev.mint, [400], 'usd');
    await withFeeReservePercent(dev.mint.url, 90, () => auto.check());
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]!.ok ? '' : outcomes[0]!.error).toMatch(
      /^The fees \(up to \d+\.\d\d USD\) are above your limit of \d+\.\d\d USD\. Nothing was paid\.$/,
    );
    expect(await byUnit(tab)).toEqual({ sats: 0, cents: 400, pending: 0, history: [] });
  });

  it('a lost melt reply: the dollars settle once, the change restored in cents', async () => {
    const { tab, auto, outcomes } = await setup({ threshold: 0, unitThresholds: { usd: 300 } });
    await fundTab(tab, dev.mint, [400], 'usd');
    dev.mint.addFault({ path: '/v1/melt/bolt11', action: 'dropResponse', unit: 'usd', count: 1 });

    await auto.check();

    expect(outcomes[0]).toMatchObject({ ok: true, result: { status: 'paid', unit: 'usd' } });
    const after = await byUnit(tab);
    expect(after.pending).toBe(0);
    expect(after.cents).toBe(400 - taken(outcomes[0]));
    expect(after.history.every((row) => row.unit === 'usd')).toBe(true);
  });

  it('a dead mint during the melt: the cents stay journaled, then come back once it is UNPAID', async () => {
    const { tab, auto, outcomes } = await setup({ threshold: 0, unitThresholds: { usd: 300 } });
    await fundTab(tab, dev.mint, [400], 'usd');
    // The melt and the first check of its quote fail; the quote itself was given.
    dev.mint.addFault({ path: '/v1/melt/bolt11', action: 'error500', count: 1 });
    dev.mint.addFault({
      path: '/v1/melt/quote/bolt11/*',
      method: 'GET',
      action: 'error500',
      count: 1,
    });

    await auto.check();

    expect(outcomes[0]).toMatchObject({ ok: true, result: { status: 'pending' } });
    // Out of the balance while the mint cannot say what happened: never spent twice.
    expect((await byUnit(tab)).cents).toBeLessThan(400);
    // A check meanwhile starts no second cash-out beside the pending one.
    await auto.check();
    expect(outcomes).toHaveLength(1);
    await expect.poll(() => tab.announced.length, WAIT).toBe(1);
    expect(tab.announced[0]?.status).toBe('unpaid');
    expect(await byUnit(tab)).toEqual({ sats: 0, cents: 400, pending: 0, history: [] });
  });

  it('a tab closed after the mint paid: the next start records the dollars once', async () => {
    const dbName = await newCashOutDevice(dev.mint.url);
    const frozen = freezeAt('melt:paid');
    const first = openCashOutTab(dbName, { checkpoint: frozen.checkpoint });
    const { auto } = await setup({ threshold: 0, unitThresholds: { usd: 300 } }, first);
    await fundTab(first, dev.mint, [400], 'usd');
    void auto.check();
    await frozen.reached;
    auto.stop();
    first.kill();

    const second = dev.track(openCashOutTab(dbName));
    await second.cashOut.resumeAll();
    await expect.poll(async () => (await byUnit(second)).pending, WAIT).toBe(0);
    second.kill();
    const third = dev.track(openCashOutTab(dbName));
    await third.cashOut.resumeAll();
    const after = await byUnit(third);
    expect(after.history).toHaveLength(1);
    expect(after.history[0]).toMatchObject({ type: 'cash-out', unit: 'usd' });
    const paid = (await third.storage.history.page(1, 10)).events[0]!;
    const fees = JSON.parse(paid.metadata ?? '{}') as { feePaid: number; inputFee: number };
    expect(after.cents).toBe(400 - paid.amount - fees.feePaid - fees.inputFee);
    expect(after.pending).toBe(0);
  });
});
