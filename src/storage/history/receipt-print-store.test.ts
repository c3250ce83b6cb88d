// Print receipts automatically: off by default, and a sale's print claimed once, whichever of two
// tabs asks first and however often (decision 0034).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { MINT_A, testStorage } from '../../testing/storage/db';
import { expectOffUntilSet } from '../../testing/storage/off-until-set';

describe('receipt print store', () => {
  it('is off by default and remembers the setting', async () => {
    const s = testStorage();
    await expectOffUntilSet(s.receiptPrint, 'autoPrint', 'setAutoPrint');
  });

  it('finds the sale a quote recorded, and claims its print once across two tabs', async () => {
    const name = testStorage().db.name;
    const tabA = testStorage(name);
    const tabB = testStorage(name);
    const id = await tabA.db.historyEvents.add({
      createdAt: 1_000,
      type: 'direct-payment',
      amount: 21,
      mintUrl: MINT_A,
      quoteId: 'q1',
    });
    expect((await tabB.receiptPrint.saleByKey('q1'))?.id).toBe(id);
    expect(await tabB.receiptPrint.saleByKey('q2')).toBeUndefined();
    const claims = await Promise.all([
      tabA.receiptPrint.claimPrint(id),
      tabB.receiptPrint.claimPrint(id),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    // A reload (a fresh store on the same database) does not print it again.
    expect(await testStorage(name).receiptPrint.claimPrint(id)).toBe(false);
  });
});
