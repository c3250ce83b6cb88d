// Cash-out against the real dev mint: fees to the sat, bad invoices refused before anything leaves
// the balance, refused / failed / lost / PENDING melts, two tabs paying at once.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { outsideInvoice, startTestMint } from '../../../../dev/mint/test-support';
import { ValidationError } from '../../errors';
import { inProcessQuoteLock } from '../../cross-tab-lock';
import { devMintSuite } from '../../../testing/wallet/dev-mint-suite';
import { withFeeReservePercent } from '../../../testing/wallet/fee-reserve';
import type { CashOutResult } from './cash-out-service';
import {
  fundTab,
  openCashOutTab,
  openNewCashOutTab,
  storedCashOut,
  type CashOutTab,
} from '../../../testing/storage/cash-out-tab';
import {
  INVOICE_ALREADY_PAID,
  INVOICE_BEING_PAID,
  INVOICE_EXPIRED,
  INVOICE_MALFORMED,
  INVOICE_NO_AMOUNT,
  INVOICE_OTHER_NETWORK,
} from './texts.json';
import {
  feeAboveLimitText,
  heldByPendingToken,
  meltQuoteWrongAmount,
  notEnoughBalance,
} from './texts';

const WAIT = { timeout: 15_000, interval: 25 };
const dev = devMintSuite();

async function fundedTab(amounts: number[]): Promise<CashOutTab> {
  const tab = await openNewCashOutTab(dev.mint.url);
  dev.track(tab);
  await fundTab(tab, dev.mint, amounts);
  return tab;
}

function paid(result: CashOutResult) {
  if (result.status !== 'paid') throw new Error(`expected paid, got ${result.status}`);
  return result;
}

describe('cash out to an invoice', () => {
  it('pays it, charges the routing fee once and returns the rest of the reserve as change', async () => {
    const tab = await fundedTab([2000]);
    const invoice = outsideInvoice(1000);
    const plan = await tab.cashOut.prepare(invoice);
    expect(plan).toMatchObject({ amount: 1000, feeReserve: 10, inputFee: 0, total: 1010 });
    expect(plan.balance).toBe(2000);

    const result = paid(await tab.cashOut.pay(plan));
    // The dev mint's route costs 1 sat; the other 9 of the reserve came back as change.
    expect(result).toMatchObject({ amount: 1000, feePaid: 1, inputFee: 0 });
    expect(result.preimage).toMatch(/^[0-9a-f]{64}$/);
    expect(dev.mint.meltQuote(plan.quote)?.state).toBe('PAID');
    const after = await storedCashOut(tab);
    expect(after.balance).toBe(2000 - 1000 - 1);
    expect(after.pending).toBe(0);
    expect(after.history).toEqual([
      {
        type: 'cash-out',
        amount: 1000,
        metadata: {
          request: invoice,
          feePaid: 1,
          inputFee: 0,
          preimage: result.preimage,
          description: 'elsewhere',
        },
      },
    ]);
    // Every stored proof is unspent at the mint: the change is real.
    const proofs = await tab.storage.proofs.listUnspent();
    const wallet = await tab.wallets.getWallet(dev.mint.url);
    const states = await wallet.checkProofsStates(proofs);
    expect(states.every((s) => s.state === 'UNSPENT')).toBe(true);
    // Paying the same invoice again is refused before the mint is asked.
    await expect(tab.cashOut.prepare(invoice)).rejects.toThrow(INVOICE_ALREADY_PAID);
  });

  it('shows input fees and keeps fee shown = fee charged + change returned', async () => {
    const feeMint = await startTestMint({ inputFeePpk: 400, routingFeeSat: 3 });
    try {
      const tab = await openNewCashOutTab(feeMint.url);
      dev.track(tab);
      await fundTab(tab, feeMint, [300, 300]);
      const before = await tab.storage.proofs.balance();
      const plan = await tab.cashOut.prepare(outsideInvoice(400));
      expect(plan.feeReserve).toBe(4);
      expect(plan.inputFee).toBeGreaterThan(0);
      expect(plan.total).toBe(400 + 4 + plan.inputFee);
      const result = paid(await tab.cashOut.pay(plan));
      expect(result.feePaid).toBe(3);
      const after = await tab.storage.proofs.balance();
      // What left the balance is the amount plus the fees actually charged, to the sat.
      expect(before - after).toBe(400 + result.feePaid + result.inputFee);
      expect(before - after).toBeLessThanOrEqual(plan.total);
    } finally {
      await feeMint.cleanup();
    }
  });
});

describe('the mint is checked', () => {
  it('a melt quote for another amount than the invoice is refused before anything leaves', async () => {
    const tab = await fundedTab([2000]);
    // One sat less than the invoice: a quote cashu-ts itself lets through.
    dev.mint.addFault({
      path: '/v1/melt/quote/bolt11',
      action: 'malform',
      malform: 'wrongAmount',
      count: 1,
    });
    await expect(tab.cashOut.prepare(outsideInvoice(1000))).rejects.toThrow(
      meltQuoteWrongAmount(1000).message,
    );
    expect(await storedCashOut(tab)).toEqual({ balance: 2000, history: [], pending: 0 });
  });

  it('the confirm step gets the description, payee and the fee limit (1 % + 10 sats)', async () => {
    const tab = await fundedTab([2000]);
    const plan = await tab.cashOut.prepare(outsideInvoice(1000));
    expect(plan).toMatchObject({
      description: 'elsewhere',
      feeLimit: 20,
      feeAboveLimit: false,
    });
    expect(plan.payee).toMatch(/^0[23][0-9a-f]{64}$/);
  });

  it('a fee reserve of 90 % is paid only when the merchant accepts it, never automatically', async () => {
    const tab = await fundedTab([300]);
    await withFeeReservePercent(dev.mint.url, 90, async () => {
      const plan = await tab.cashOut.prepare(outsideInvoice(100));
      expect(plan).toMatchObject({ feeReserve: 90, feeLimit: 11, feeAboveLimit: true });
      await expect(tab.cashOut.pay(plan)).rejects.toThrow(feeAboveLimitText(90, 11).message);
      await expect(tab.cashOut.pay(plan, { auto: true, acceptFee: true })).rejects.toThrow(
        feeAboveLimitText(90, 11).message,
      );
      expect(await storedCashOut(tab)).toEqual({ balance: 300, history: [], pending: 0 });
      // Accepted on screen: paid, and only the routing fee is charged.
      const result = paid(await tab.cashOut.pay(plan, { acceptFee: true }));
      expect(result.feePaid).toBe(1);
      expect((await storedCashOut(tab)).balance).toBe(300 - 100 - 1);
    });
  });
});

describe('bad input leaves the balance alone', () => {
  it.each([
    ['malformed', 'lnbc1notaninvoice', INVOICE_MALFORMED],
    ['another network', outsideInvoice(10, { network: 'tb' }), INVOICE_OTHER_NETWORK],
    [
      'expired',
      outsideInvoice(10, { timestamp: Math.floor(Date.now() / 1000) - 7200, expirySeconds: 600 }),
      INVOICE_EXPIRED,
    ],
  ])('%s invoice', async (_label, invoice, message) => {
    const tab = await fundedTab([100]);
    await expect(tab.cashOut.prepare(invoice)).rejects.toThrow(message);
    expect(await storedCashOut(tab)).toEqual({ balance: 100, history: [], pending: 0 });
  });

  it('an invoice without an amount', async () => {
    const tab = await fundedTab([100]);
    const amountless = outsideInvoice(10).replace(/^lnbc100n/, 'lnbc');
    // Not a valid checksum any more: either way it is refused with a clear message.
    await expect(tab.cashOut.prepare(amountless)).rejects.toThrow(
      new RegExp(`${INVOICE_NO_AMOUNT}|${INVOICE_MALFORMED}`.replace(/[().]/g, '\\$&')),
    );
  });

  it('an invoice larger than the balance plus fees', async () => {
    const tab = await fundedTab([100]);
    await expect(tab.cashOut.prepare(outsideInvoice(100))).rejects.toThrow(
      notEnoughBalance(101, 100).message,
    );
    expect(await storedCashOut(tab)).toEqual({ balance: 100, history: [], pending: 0 });
  });

  it('a melt the mint refuses (400 with a code) puts the proofs back', async () => {
    const tab = await fundedTab([100]);
    const plan = await tab.cashOut.prepare(outsideInvoice(50));
    dev.mint.addFault({
      path: '/v1/melt/bolt11',
      action: 'refuse',
      code: 20003,
      detail: 'no',
      count: 1,
    });
    await expect(tab.cashOut.pay(plan)).rejects.toThrow('no');
    expect(await storedCashOut(tab)).toEqual({ balance: 100, history: [], pending: 0 });
  });
});

describe('a melt whose answer is unclear', () => {
  it('mint fails mid-melt (500, did nothing): found UNPAID, proofs back, can pay again', async () => {
    const tab = await fundedTab([100]);
    const invoice = outsideInvoice(50);
    const plan = await tab.cashOut.prepare(invoice);
    dev.mint.addFault({ path: '/v1/melt/bolt11', action: 'error500', count: 1 });
    expect((await tab.cashOut.pay(plan)).status).toBe('unpaid');
    expect(await storedCashOut(tab)).toEqual({ balance: 100, history: [], pending: 0 });
    const again = paid(await tab.cashOut.pay(await tab.cashOut.prepare(invoice)));
    expect(await tab.storage.proofs.balance()).toBe(100 - 50 - again.feePaid);
  });

  it('mint unreachable during the melt: kept pending, checked again, settled once', async () => {
    const tab = await fundedTab([100]);
    const plan = await tab.cashOut.prepare(outsideInvoice(50));
    dev.mint.addFault({ path: '/v1/melt/*', action: 'error500', count: 2 });
    // The melt and the first state check fail; a later check finds the quote UNPAID.
    expect((await tab.cashOut.pay(plan)).status).toBe('pending');
    // The inputs are out of the balance while the mint is asked.
    expect((await storedCashOut(tab)).balance).toBeLessThanOrEqual(100 - 51);
    await expect.poll(() => tab.announced.length, WAIT).toBe(1);
    expect(tab.announced[0]?.status).toBe('unpaid');
    expect(await storedCashOut(tab)).toEqual({ balance: 100, history: [], pending: 0 });
  });

  it('response lost after paying: PAID found, change recovered by NUT-09, one event', async () => {
    const tab = await fundedTab([200]);
    const plan = await tab.cashOut.prepare(outsideInvoice(100));
    dev.mint.addFault({ path: '/v1/melt/bolt11', action: 'dropResponse', count: 1 });
    const result = paid(await tab.cashOut.pay(plan));
    expect(result.feePaid).toBe(1);
    const after = await storedCashOut(tab);
    expect(after.balance).toBe(200 - 100 - 1);
    expect(after.history).toHaveLength(1);
    expect(after.pending).toBe(0);
  });

  it('PENDING then PAID: out of the balance while pending, then settled by the timer', async () => {
    const tab = await fundedTab([200]);
    const plan = await tab.cashOut.prepare(outsideInvoice(100));
    dev.mint.addFault({ path: '/v1/melt/bolt11', action: 'pending', count: 1 });
    expect((await tab.cashOut.pay(plan)).status).toBe('pending');
    expect(await storedCashOut(tab)).toMatchObject({ history: [], pending: 1 });
    expect((await tab.cashOut.listPending())[0]).toMatchObject({ quote: plan.quote, amount: 100 });
    dev.mint.settleMelt(plan.quote, 'PAID');
    await expect.poll(() => tab.announced.length, WAIT).toBe(1);
    const result = paid(tab.announced[0]!);
    expect(result.feePaid).toBe(1);
    const after = await storedCashOut(tab);
    expect(after).toMatchObject({ balance: 200 - 100 - 1, pending: 0 });
    expect(after.history.map((e) => e.type)).toEqual(['cash-out']);
  });

  it('PENDING then UNPAID: the proofs come back and the merchant is told', async () => {
    const tab = await fundedTab([200]);
    const plan = await tab.cashOut.prepare(outsideInvoice(100));
    dev.mint.addFault({ path: '/v1/melt/bolt11', action: 'pending', count: 1 });
    expect((await tab.cashOut.pay(plan)).status).toBe('pending');
    dev.mint.settleMelt(plan.quote, 'UNPAID');
    await expect.poll(() => tab.announced.length, WAIT).toBe(1);
    expect(tab.announced[0]?.status).toBe('unpaid');
    expect(await storedCashOut(tab)).toEqual({ balance: 200, history: [], pending: 0 });
  });
});

describe('two tabs', () => {
  it('pressing Cash out at once pay the invoice once', async () => {
    const first = await fundedTab([300]);
    const dbName = first.storage.db.name;
    const lock = inProcessQuoteLock();
    first.kill();
    const [a, b] = [openCashOutTab(dbName, { lock }), openCashOutTab(dbName, { lock })];
    dev.track(a);
    dev.track(b);
    const invoice = outsideInvoice(100);
    const [planA, planB] = await Promise.all([
      a.cashOut.prepare(invoice),
      b.cashOut.prepare(invoice),
    ]);
    const results = await Promise.allSettled([a.cashOut.pay(planA), b.cashOut.pay(planB)]);
    const fulfilled = results.filter((r) => r.status === 'fulfilled');
    const rejected = results.filter((r) => r.status === 'rejected');
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    const reason = (rejected[0] as PromiseRejectedResult).reason as Error;
    expect(reason).toBeInstanceOf(ValidationError);
    expect([INVOICE_ALREADY_PAID, INVOICE_BEING_PAID]).toContain(reason.message);
    expect(await storedCashOut(a)).toMatchObject({ balance: 300 - 100 - 1, pending: 0 });
    expect((await storedCashOut(a)).history).toHaveLength(1);
  });
});

/** Holds every proof stored so far in a pending withdrawal token (as WithdrawService writes it). */
async function pendingTokenOfAll(tab: CashOutTab): Promise<string[]> {
  const proofs = await tab.storage.proofs.listUnspent(dev.mint.url);
  const secrets = proofs.map((p) => p.secret);
  await tab.storage.withdrawals.put({
    id: 'withdrawal-pending',
    mintUrl: dev.mint.url,
    token: 'cashuBpending',
    secrets,
    amount: proofs.reduce((sum, p) => sum + p.amount, 0),
    createdAt: Date.now(),
  });
  return secrets;
}

describe('a pending withdrawal token (decision 0015)', () => {
  it('its proofs are never melted, and the balance check counts only available sats', async () => {
    const tab = await fundedTab([100]);
    const held = await pendingTokenOfAll(tab);
    await fundTab(tab, dev.mint, [100]);

    // 150 + 2 reserve is under the 200 stored, but 100 of them belong to the token.
    await expect(tab.cashOut.prepare(outsideInvoice(150))).rejects.toThrow(
      heldByPendingToken(152, 100, 100).message,
    );
    const plan = await tab.cashOut.prepare(outsideInvoice(50));
    expect(plan.balance).toBe(100);
    paid(await tab.cashOut.pay(plan));

    // The token's proofs are still stored and still redeemable at the mint.
    const stored = new Set((await tab.storage.proofs.listUnspent()).map((p) => p.secret));
    expect(held.every((secret) => stored.has(secret))).toBe(true);
    const wallet = await tab.wallets.getWallet(dev.mint.url);
    const states = await wallet.checkProofsStates(held.map((secret) => ({ secret })));
    expect(states.map((s) => s.state)).toEqual(held.map(() => 'UNSPENT'));
    expect((await storedCashOut(tab)).balance).toBe(200 - 50 - 1);
  });

  it('with everything in a pending token, says the sats are held by it', async () => {
    const tab = await fundedTab([64]);
    await pendingTokenOfAll(tab);
    await expect(tab.cashOut.prepare(outsideInvoice(10))).rejects.toThrow(
      heldByPendingToken(11, 0, 64).message,
    );
    expect(await storedCashOut(tab)).toEqual({ balance: 64, history: [], pending: 0 });
  });
});
