// A cash-out stopped between two of its steps, as a closed tab stops it, then the app started afresh
// on the same IndexedDB against the real dev mint: the invoice is paid at most once and every sat
// is accounted for. See docs/architecture.md, "Money under interruption".
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { outsideInvoice } from '../../../../dev/mint/test-support';
import type { WriteStep } from '../../checkpoint';
import { devMintSuite } from '../../../testing/wallet/dev-mint-suite';
import { freezeAt } from '../../../testing/wallet/freeze-at';
import {
  fundTab,
  newCashOutDevice,
  openCashOutTab,
  storedCashOut,
} from '../../../testing/storage/cash-out-tab';

const dev = devMintSuite();

describe('a cash-out interrupted', () => {
  const cases: Array<[WriteStep, 'paid' | 'not paid']> = [
    ['melt:counters-reserved', 'not paid'],
    ['melt:journaled', 'not paid'],
    ['melt:paid', 'paid'],
  ];

  it.each(cases)('at %s: %s, balance exact after the next start', async (step, expected) => {
    const dbName = await newCashOutDevice(dev.mint.url);
    const frozen = freezeAt(step);
    const first = openCashOutTab(dbName, { checkpoint: frozen.checkpoint });
    dev.track(first);
    await fundTab(first, dev.mint, [200]);
    const plan = await first.cashOut.prepare(outsideInvoice(100));
    void first.cashOut.pay(plan);
    await frozen.reached;
    first.kill();

    const second = openCashOutTab(dbName);
    dev.track(second);
    await second.cashOut.resumeAll();
    const after = await storedCashOut(second);
    if (expected === 'paid') {
      expect(dev.mint.meltQuote(plan.quote)?.state).toBe('PAID');
      expect(after.balance).toBe(200 - 100 - 1);
      expect(after.history).toEqual([
        expect.objectContaining({
          type: 'cash-out',
          amount: 100,
          metadata: expect.objectContaining({ feePaid: 1 }) as unknown,
        }),
      ]);
    } else {
      expect(dev.mint.meltQuote(plan.quote)?.state).toBe('UNPAID');
      expect(after).toEqual({ balance: 200, history: [], pending: 0 });
    }
    expect(after.pending).toBe(0);
    // The proofs stored are all unspent at the mint (the change is real, nothing spent twice).
    const wallet = await second.wallets.getWallet(dev.mint.url);
    const states = await wallet.checkProofsStates(await second.storage.proofs.listUnspent());
    expect(states.every((s) => s.state === 'UNSPENT')).toBe(true);
  });

  it('reload while PENDING: the next start keeps it pending, then settles it once', async () => {
    const dbName = await newCashOutDevice(dev.mint.url);
    const first = openCashOutTab(dbName);
    dev.track(first);
    await fundTab(first, dev.mint, [200]);
    const plan = await first.cashOut.prepare(outsideInvoice(100));
    dev.mint.addFault({ path: '/v1/melt/bolt11', action: 'pending', count: 1 });
    expect((await first.cashOut.pay(plan)).status).toBe('pending');
    first.kill();

    const second = openCashOutTab(dbName);
    dev.track(second);
    await second.cashOut.resumeAll();
    expect((await storedCashOut(second)).pending).toBe(1);
    dev.mint.settleMelt(plan.quote, 'PAID');
    await expect.poll(() => second.announced.length, { timeout: 15_000 }).toBe(1);
    const after = await storedCashOut(second);
    expect(after).toMatchObject({ balance: 99, pending: 0 });
    expect(after.history).toHaveLength(1);
    // A third start finds nothing to do and records nothing twice.
    await second.cashOut.resumeAll();
    expect((await storedCashOut(second)).history).toHaveLength(1);
  });
});
