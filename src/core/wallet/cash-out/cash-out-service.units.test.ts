// Cash-out from a dollar balance against the real dev mint: the melt quote in usd, its rate and
// fees in cents, change in cents, and the unclear answers recovered as for sats (docs/protocol.md "Units").
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { outsideInvoice } from '../../../../dev/mint/test-support';
import { devMintSuite } from '../../../testing/wallet/dev-mint-suite';
import {
  dollarTab as fundedDollars,
  storedInUnits as stored,
  type CashOutTab,
} from '../../../testing/storage/cash-out-tab';
import { satsPerMajorUnit } from './unit-rate';
import { notEnoughInUnit } from './texts';
import { amountOf } from '../../units/amount';

const WAIT = { timeout: 15_000, interval: 25 };
const dev = devMintSuite();

/** A till holding `cents` of usd ecash (and 500 sats beside them) at the dev mint. */
const dollarTab = (cents: number): Promise<CashOutTab> => fundedDollars(dev, cents);

describe('cash out from a dollar balance', () => {
  it('pays 2000 sats for 2.00 USD at the quote rate, fees in cents, the sats untouched', async () => {
    const tab = await dollarTab(500);

    const plan = await tab.cashOut.prepare(outsideInvoice(2000), undefined, undefined, 'usd');

    // 100,000 USD per bitcoin at the dev feed: 2000 sats cost 200 cents, 1 % reserve.
    expect(plan).toMatchObject({ unit: 'usd', amount: 200, invoiceSats: 2000, feeReserve: 2 });
    expect(plan.total).toBe(202);
    expect(plan.balance).toBe(500);
    expect(satsPerMajorUnit(plan.amount, plan.invoiceSats!, 2)).toBe(1000);
    // 1 % of 200 cents, plus the 10 sats of the limit at the quote's rate (1 cent).
    expect(plan.feeLimit).toBe(3);
    expect(plan.feeAboveLimit).toBe(false);
    const result = await tab.cashOut.pay(plan);
    expect(result).toMatchObject({ status: 'paid', amount: 200, feePaid: 1, unit: 'usd' });
    expect(await stored(tab)).toEqual({
      sats: 500,
      cents: 500 - 200 - 1,
      pending: 0,
      history: [{ type: 'cash-out', amount: 200, unit: 'usd' }],
    });
  });

  it('refuses an invoice the dollars cannot pay, in dollars, before anything leaves', async () => {
    const tab = await dollarTab(100);
    const needed = amountOf(202, 'usd');
    await expect(
      tab.cashOut.prepare(outsideInvoice(2000), undefined, undefined, 'usd'),
    ).rejects.toThrow(notEnoughInUnit(needed, amountOf(100, 'usd')).message);
    expect(await stored(tab)).toEqual({ sats: 500, cents: 100, pending: 0, history: [] });
  });

  it('a lost melt reply: PAID found, change in cents restored by NUT-09, one event', async () => {
    const tab = await dollarTab(500);
    const plan = await tab.cashOut.prepare(outsideInvoice(2000), undefined, undefined, 'usd');
    dev.mint.addFault({ path: '/v1/melt/bolt11', action: 'dropResponse', unit: 'usd', count: 1 });

    const result = await tab.cashOut.pay(plan);

    expect(result).toMatchObject({ status: 'paid', amount: 200, feePaid: 1 });
    expect(await stored(tab)).toEqual({
      sats: 500,
      cents: 299,
      pending: 0,
      history: [{ type: 'cash-out', amount: 200, unit: 'usd' }],
    });
  });

  it('a dead mint during the melt: the cents stay journaled, then come back once it is UNPAID', async () => {
    const tab = await dollarTab(500);
    const plan = await tab.cashOut.prepare(outsideInvoice(2000), undefined, undefined, 'usd');
    dev.mint.addFault({ path: '/v1/melt/*', action: 'error500', count: 2 });

    expect((await tab.cashOut.pay(plan)).status).toBe('pending');
    // Out of the balance while the mint cannot say what happened: never spent twice.
    expect((await stored(tab)).cents).toBeLessThanOrEqual(500 - 202);
    await expect.poll(() => tab.announced.length, WAIT).toBe(1);
    expect(tab.announced[0]?.status).toBe('unpaid');
    expect(await stored(tab)).toEqual({ sats: 500, cents: 500, pending: 0, history: [] });
  });
});
