// "Cash out everything" to a Lightning address at another mint (a real route: the dev mint's 1-sat
// routing fee and its 1 % fee reserve): the change the payment brings back is cashed out too, so
// nothing worth a payment is left, and no payment takes more than the confirm step showed.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { injectWebSocketImpl } from '@cashu/cashu-ts';
import { startLnurl, type DevLnurl } from '../../../../dev/lnurl/server';
import { startTestMint, type TestMint } from '../../../../dev/mint/test-support';
import { silentLogger } from '../../logger';
import {
  fundTab,
  openNewCashOutTab,
  storedCashOut,
  type CashOutTab,
} from '../../../testing/storage/cash-out-tab';
import { payCashOutAll, prepareCashOutAll } from './cash-out-all';
import { fetchPayParams, parseDestination, type PayParams } from './lnurl';

injectWebSocketImpl(WebSocket as unknown as typeof globalThis.WebSocket);

/** The merchant's mint, and the receiver's mint behind the Lightning address. */
let ours: TestMint;
let theirs: TestMint;
let lnurl: DevLnurl;
const tabs: CashOutTab[] = [];
const fetchFn = (url: string, init?: RequestInit) => fetch(url, init);

beforeAll(async () => {
  theirs = await startTestMint({ fresh: true });
  ours = await startTestMint({ fresh: true, lightningPeers: [theirs.url] });
  lnurl = await startLnurl({ mintUrl: theirs.url, port: 0, log: () => {} });
}, 60_000);

afterAll(async () => {
  for (const tab of tabs) tab.kill();
  await lnurl.close();
  await ours.cleanup();
  await theirs.cleanup();
});

async function params(): Promise<PayParams> {
  const destination = parseDestination(lnurl.address);
  if (destination.kind !== 'lnurl') throw new Error('not an address');
  return fetchPayParams(destination, fetchFn);
}

describe('Cash out everything', () => {
  it('cashes out the change of its payment too: at most 1 sat of 10,000 stays', async () => {
    const tab = await openNewCashOutTab(ours.url);
    tabs.push(tab);
    await fundTab(tab, ours, [4_000, 3_000, 2_000, 1_000]);
    const pay = await params();
    const plan = await prepareCashOutAll(pay, { cashOut: tab.cashOut, fetch: fetchFn }, 'closing');
    // The first payment alone: amount + 1 % reserve within the balance.
    expect(plan.amount).toBe(9_900);
    expect(plan.total).toBe(9_999);
    const result = await payCashOutAll(
      plan,
      pay,
      { cashOut: tab.cashOut, fetch: fetchFn, logger: silentLogger },
      'closing',
    );
    if (result.status !== 'paid') throw new Error(JSON.stringify(result));
    const after = await storedCashOut(tab);
    // The route cost 1 sat per payment; the 98 sats of unused reserve went out as a second
    // payment; the one sat the plan left unused is all that stays.
    expect(after.history.map((e) => [e.type, e.amount])).toEqual([
      ['cash-out', 97],
      ['cash-out', 9_900],
    ]);
    expect(result).toMatchObject({ amount: 9_997, feePaid: 2, inputFee: 0 });
    expect(after.balance).toBe(1);
    expect(10_000 - after.balance).toBeLessThanOrEqual(plan.total);
    expect(lnurl.invoices().map((i) => i.comment)).toEqual(['closing', 'closing']);
  }, 60_000);

  it('a change too small for any payment with its fees stays, and the first payment stands', async () => {
    const tab = await openNewCashOutTab(ours.url);
    tabs.push(tab);
    await fundTab(tab, ours, [150]);
    const pay = await params();
    const before = lnurl.invoices().length;
    const plan = await prepareCashOutAll(pay, { cashOut: tab.cashOut, fetch: fetchFn });
    const result = await payCashOutAll(plan, pay, {
      cashOut: tab.cashOut,
      fetch: fetchFn,
      logger: silentLogger,
    });
    // 148 + 2 reserve; the route took 1, so 1 came back: too little to pay anything with a fee.
    expect(result).toMatchObject({ status: 'paid', amount: 148, feePaid: 1 });
    expect((await storedCashOut(tab)).balance).toBe(1);
    expect(lnurl.invoices().length - before).toBe(1);
  }, 60_000);
});
