// A dollar balance cashed out to the dev Lightning address against the real dev mint: an amount
// typed in dollars (the mint's rate first, then the sats it buys) and "Cash out everything" of
// the dollars (docs/decisions/0090-automatic-cash-out-per-unit.md).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { devMintSuite } from '../../../testing/wallet/dev-mint-suite';
import { devLnurlSuite } from '../../../testing/wallet/dev-lnurl-suite';
import {
  dollarTab as fundedDollars,
  storedInUnits,
  type CashOutTab,
} from '../../../testing/storage/cash-out-tab';
import { amountOf } from '../../units/amount';
import { payCashOutAll, prepareCashOutAll } from './cash-out-all';
import { notEnoughInUnit } from './texts';
import { prepareUnitAmount } from './unit-amount';

const dev = devMintSuite();
const address = devLnurlSuite(dev);
const fetchFn = (url: string, init?: RequestInit) => fetch(url, init);
const params = () => address.params();

/** A till holding `cents` of usd ecash and 500 sats beside them. */
const dollarTab = (cents: number): Promise<CashOutTab> => fundedDollars(dev, cents);

async function held(tab: CashOutTab) {
  const { sats, cents } = await storedInUnits(tab);
  return { sats, cents };
}

describe('an amount typed in dollars to a Lightning address', () => {
  it('asks the mint its rate, then the address for the sats 2.00 USD buy, and pays 2.00 USD', async () => {
    const tab = await dollarTab(500);
    const before = address.lnurl.invoices().length;
    const deps = { cashOut: tab.cashOut, fetch: fetchFn };

    const plan = await prepareUnitAmount(await params(), deps, 200, { unit: 'usd' });

    // 100,000 USD per bitcoin at the dev feed: 2.00 USD buy 2000 sats.
    expect(plan).toMatchObject({ unit: 'usd', amount: 200, invoiceSats: 2000 });
    // A probe for the rate, then the invoice paid.
    expect(address.lnurl.invoices()).toHaveLength(before + 2);
    expect(address.lnurl.invoices().at(-1)?.amountMsat).toBe(2_000_000);
    const result = await tab.cashOut.pay(plan);
    expect(result).toMatchObject({ status: 'paid', amount: 200, unit: 'usd' });
    const after = await held(tab);
    expect(after.sats).toBe(500);
    expect(after.cents).toBe(500 - 200 - (result.status === 'paid' ? result.feePaid : NaN));
  });

  it('refuses an amount the dollars cannot pay, in dollars, before anything leaves', async () => {
    const tab = await dollarTab(100);
    const deps = { cashOut: tab.cashOut, fetch: fetchFn };
    await expect(prepareUnitAmount(await params(), deps, 200, { unit: 'usd' })).rejects.toThrow(
      notEnoughInUnit(amountOf(202, 'usd'), amountOf(100, 'usd')).message,
    );
    expect(await held(tab)).toEqual({ sats: 500, cents: 100 });
    expect(await tab.storage.melts.list()).toEqual([]);
  });
});

describe('Cash out everything of a dollar balance', () => {
  it('pays the dollars out to less than a payment fee, from dollars only', async () => {
    const tab = await dollarTab(500);
    const pay = await params();
    const deps = { cashOut: tab.cashOut, fetch: fetchFn, logger: tab.storage.logger };

    const plan = await prepareCashOutAll(pay, deps, '', Infinity, { unit: 'usd' });

    expect(plan.unit).toBe('usd');
    expect(plan.total).toBeLessThanOrEqual(500);
    expect(plan.amount).toBeGreaterThanOrEqual(490);
    const result = await payCashOutAll(plan, pay, deps);
    if (result.status !== 'paid') throw new Error(JSON.stringify(result));
    // No payment took more than the total shown.
    expect(result.amount + result.feePaid + result.inputFee).toBeLessThanOrEqual(plan.total);
    const after = await held(tab);
    expect(after.sats).toBe(500);
    expect(after.cents).toBe(500 - result.amount - result.feePaid - result.inputFee);
    expect(after.cents).toBeLessThan(5);
  });
});
