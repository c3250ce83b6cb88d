// A refund and a cash-out whose change came back short, each stopped after the mint paid and
// before the reply was stored (a closed tab), then the app started afresh on the same IndexedDB
// against the real dev mint: the refund is recorded once and its limit holds, and the change
// lands once. See docs/architecture.md "Money under interruption" and docs/behaviour.md "Refunds".
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { outsideInvoice } from '../../../../dev/mint/test-support';
import { devMintSuite } from '../../../testing/wallet/dev-mint-suite';
import { freezeAt } from '../../../testing/wallet/freeze-at';
import { spoiltChangeCashOut, storedProofStates } from '../../../testing/storage/change-faults';
import {
  fundTab,
  newCashOutDevice,
  openCashOutTab,
  storedCashOut,
  type CashOutTab,
} from '../../../testing/storage/cash-out-tab';

const WAIT = { timeout: 15_000, interval: 25 };
const dev = devMintSuite();

/** The next start on the same database: resumes whatever the last one left. */
async function restart(dbName: string): Promise<CashOutTab> {
  const tab = dev.track(openCashOutTab(dbName));
  await tab.cashOut.resumeAll();
  return tab;
}

async function allUnspent(tab: CashOutTab): Promise<boolean> {
  return (await storedProofStates(tab, dev.mint.url)).every((state) => state === 'UNSPENT');
}

describe('money out stopped after the mint paid', () => {
  it('a refund: the next start records it once, and the sale limit still holds', async () => {
    const dbName = await newCashOutDevice(dev.mint.url);
    const frozen = freezeAt('melt:paid');
    const first = dev.track(openCashOutTab(dbName, { checkpoint: frozen.checkpoint }));
    await fundTab(first, dev.mint, [200]);
    const saleId = await first.storage.db.historyEvents.add({
      createdAt: Date.now(),
      type: 'direct-payment',
      amount: 100,
      mintUrl: dev.mint.url,
    });
    const plan = await first.cashOut.prepare(outsideInvoice(60));
    void first.cashOut.pay({ ...plan, refund: { refundOf: saleId, method: 'lightning' } });
    await frozen.reached;
    first.kill();
    expect(dev.mint.meltQuote(plan.quote)?.state).toBe('PAID');

    const second = await restart(dbName);
    await expect.poll(async () => (await storedCashOut(second)).pending, WAIT).toBe(0);
    second.kill();
    // A third start finds nothing left to do: still one refund.
    const third = await restart(dbName);
    const after = await storedCashOut(third);
    expect(after.balance).toBe(200 - 60 - 1);
    const refunds = after.history.filter((e) => e.type === 'refund');
    expect(refunds).toEqual([
      expect.objectContaining({
        amount: 60,
        metadata: expect.objectContaining({ refundOf: saleId }) as unknown,
      }),
    ]);
    expect(after.history.filter((e) => e.type === 'cash-out')).toEqual([]);
    expect(await allUnspent(third)).toBe(true);

    // 40 of the 100 are left: a refund of 41 changes nothing and says why.
    const more = await third.cashOut.prepare(outsideInvoice(41));
    await expect(
      third.cashOut.pay({ ...more, refund: { refundOf: saleId, method: 'lightning' } }),
    ).rejects.toThrow('Only 40 sats of this sale are left to refund');
    expect(dev.mint.meltQuote(more.quote)?.state).toBe('UNPAID');
    expect(await storedCashOut(third)).toMatchObject({ balance: 139, pending: 0 });
  });

  it.each(['melt:paid', 'melt:change-restored'] as const)(
    'a melt reply missing change signatures, stopped at %s: the next start lands the change once',
    async (step) => {
      const dbName = await newCashOutDevice(dev.mint.url);
      // Reaching melt:change-restored at all shows the reply really was short of signatures.
      const frozen = freezeAt(step);
      const first = dev.track(openCashOutTab(dbName, { checkpoint: frozen.checkpoint }));
      // The reply leaves out one of the two change signatures, so the rest would be restored
      // after this point.
      const plan = await spoiltChangeCashOut(first, dev.mint, 'missingSignature');
      void first.cashOut.pay(plan);
      await frozen.reached;
      first.kill();
      expect(dev.mint.meltQuote(plan.quote)?.state).toBe('PAID');

      const second = await restart(dbName);
      await expect
        .poll(async () => (await storedCashOut(second)).balance, WAIT)
        .toBe(2000 - 1000 - 1);
      second.kill();
      const third = await restart(dbName);
      const after = await storedCashOut(third);
      expect(after).toMatchObject({ balance: 999, pending: 0 });
      expect(after.history.map((e) => e.type)).toEqual(['cash-out']);
      expect(await allUnspent(third)).toBe(true);
    },
  );
});
