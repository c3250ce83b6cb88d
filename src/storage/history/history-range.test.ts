// History events by time on Dexie: every event of a range exactly once, oldest first, even when
// many share a timestamp across page boundaries.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { readRange } from '../../core/records/types';
import { MINT_A, testStorage } from '../../testing/storage/db';

describe('DexieHistoryRange', () => {
  it('pages a range by createdAt with ties by id, each event once', async () => {
    const s = testStorage();
    const times = [5, 1, 3, 3, 3, 3, 3, 7, 9, 9, 12];
    for (const [i, t] of times.entries()) {
      s.now.value = t;
      await s.history.addPayment({
        type: 'direct-payment',
        amount: i + 1,
        mintUrl: MINT_A,
        quoteId: `q${i}`,
        request: 'lnbc',
      });
    }
    const got: string[] = [];
    for await (const page of readRange(s.historyRange, 2, 12, 2)) {
      got.push(...page.map((e) => `${e.createdAt}:${e.quoteId}`));
    }
    expect(got).toEqual(['3:q2', '3:q3', '3:q4', '3:q5', '3:q6', '5:q0', '7:q7', '9:q8', '9:q9']);
  });
});
