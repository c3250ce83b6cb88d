// "Cash out everything" against a dev mint with input fees (NUT-02) and the dev Lightning address:
// the amount found leaves the balance empty to within the fees, and paying it works.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { fundTab, openNewCashOutTab, storedCashOut } from '../../../testing/storage/cash-out-tab';
import { devMintSuite } from '../../../testing/wallet/dev-mint-suite';
import { devLnurlSuite } from '../../../testing/wallet/dev-lnurl-suite';
import { prepareCashOutAll } from './cash-out-all';

const dev = devMintSuite({ inputFeePpk: 400 });
const address = devLnurlSuite(dev);
const params = () => address.params();

describe('prepareCashOutAll', () => {
  it('finds the largest amount that pays with its reserve and input fees, and it is paid', async () => {
    const tab = await openNewCashOutTab(dev.mint.url);
    dev.track(tab);
    await fundTab(tab, dev.mint, [300, 200, 37]);
    const fetchFn = (url: string, init?: RequestInit) => fetch(url, init);
    const plan = await prepareCashOutAll(await params(), { cashOut: tab.cashOut, fetch: fetchFn });
    expect(plan.total).toBeLessThanOrEqual(537);
    expect(plan.inputFee).toBeGreaterThan(0);
    // One sat more would not fit: amount + its reserve + input fees is over the balance.
    const oneMore = plan.amount + 1 + Math.max(1, Math.ceil((plan.amount + 1) / 100));
    expect(oneMore + plan.inputFee).toBeGreaterThan(537);
    const result = await tab.cashOut.pay(plan);
    expect(result.status).toBe('paid');
    // Settled inside the dev mint: no routing fee, the reserve came back as change.
    expect((await storedCashOut(tab)).balance).toBe(537 - plan.amount - plan.inputFee);
  });

  it('says so when the balance cannot pay any amount with the fees', async () => {
    const tab = await openNewCashOutTab(dev.mint.url);
    dev.track(tab);
    await fundTab(tab, dev.mint, [1]);
    const fetchFn = (url: string, init?: RequestInit) => fetch(url, init);
    await expect(
      prepareCashOutAll(await params(), { cashOut: tab.cashOut, fetch: fetchFn }),
    ).rejects.toThrow('The available 1 sats are not enough to pay any amount with the fees.');
    expect((await storedCashOut(tab)).balance).toBe(1);
  });
});
