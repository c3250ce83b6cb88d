// Cash-out whose melt reply is spoilt after the mint paid (the dev mint's "malform" fault on the
// NUT-08 change): the invoice is paid once, nothing wrong is stored, and the change that comes
// back is real (it redeems at the mint), as src/conformance/malformed-mint-replies.test.ts pins for minting.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { MALFORMATIONS } from '../../../../dev/mint/malform';
import { devMintSuite } from '../../../testing/wallet/dev-mint-suite';
import { openNewCashOutTab, storedCashOut } from '../../../testing/storage/cash-out-tab';
import { spoiltChangeCashOut, storedProofStates } from '../../../testing/storage/change-faults';

const WAIT = { timeout: 15_000, interval: 25 };
const dev = devMintSuite();

/** Every spoilt signature list; `keysetIdMismatch` spoils `/v1/keys`, not a melt reply. */
const CHANGE_FAULTS = MALFORMATIONS.filter((m) => m !== 'keysetIdMismatch');

describe('a melt reply whose change is spoilt', () => {
  it.each(CHANGE_FAULTS)(
    '%s: paid once, the change recovered exactly, every stored proof real',
    async (malform) => {
      const tab = await openNewCashOutTab(dev.mint.url);
      dev.track(tab);
      const plan = await spoiltChangeCashOut(tab, dev.mint, malform);
      const first = await tab.cashOut.pay(plan);
      if (first.status === 'pending') {
        await expect.poll(() => tab.announced.length, WAIT).toBeGreaterThan(0);
      }
      const outcome = first.status === 'pending' ? tab.announced[0]! : first;
      expect(outcome.status).toBe('paid');
      expect(dev.mint.meltQuote(plan.quote)?.state).toBe('PAID');
      await expect.poll(async () => (await storedCashOut(tab)).balance, WAIT).toBe(2000 - 1000 - 1);
      const after = await storedCashOut(tab);
      expect(after.pending).toBe(0);
      expect(after.history.map((e) => e.type)).toEqual(['cash-out']);
      expect((await storedProofStates(tab, dev.mint.url)).every((s) => s === 'UNSPENT')).toBe(true);
    },
  );
});
