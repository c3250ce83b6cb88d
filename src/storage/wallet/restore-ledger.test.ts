// The restore scan's storage: one scan row at a time, each batch's proofs, counter and progress in
// one transaction, and the end as one history event per mint.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { KeysetScan, RestoreScanRow } from '../../core/wallet/restore/types';
import { MINT_A, MINT_B, proof, testStorage } from '../../testing/storage/db';

const KEYSET = '00abcdef01234567';

function row(): RestoreScanRow {
  return {
    id: 'current',
    startedAt: 1,
    reason: 'settings',
    mints: [
      { mintUrl: MINT_A, status: 'scanning', keysets: [], foundSats: 0 },
      { mintUrl: MINT_B, status: 'pending', keysets: [], foundSats: 0 },
    ],
  };
}

const keyset = (over: Partial<KeysetScan> = {}): KeysetScan => ({
  id: KEYSET,
  next: 100,
  emptyRun: 0,
  highest: 41,
  minEnd: 0,
  done: false,
  foundSats: 0,
  ...over,
});

describe('DexieRestoreLedger', () => {
  it('stores a batch, moves the keyset and global counters and counts only new sats', async () => {
    const s = testStorage();
    await s.config.setCounter(10);
    expect(await s.restore.begin(row())).toBe(true);
    expect(await s.restore.begin(row())).toBe(false);

    const added = await s.restore.recordBatch({
      mintUrl: MINT_A,
      keyset: keyset(),
      proofs: [proof('r1', 8), proof('r2', 2)],
      counterAtLeast: 42,
    });
    expect(added).toBe(10);
    expect(await s.proofs.balance(MINT_A)).toBe(10);
    expect((await s.counterSource.snapshot!())[KEYSET]).toBe(42);
    expect(await s.config.getCounter()).toBe(42);
    const stored = await s.restore.current();
    expect(stored?.mints[0]).toMatchObject({
      foundSats: 10,
      keysets: [{ next: 100, foundSats: 10 }],
    });

    // The same batch again (a reload before the next one): nothing counted twice.
    const again = await s.restore.recordBatch({
      mintUrl: MINT_A,
      keyset: keyset({ foundSats: 10 }),
      proofs: [proof('r1', 8), proof('r2', 2)],
      counterAtLeast: 42,
    });
    expect(again).toBe(0);
    expect(await s.proofs.balance()).toBe(10);
    expect((await s.restore.current())?.mints[0]?.foundSats).toBe(10);
  });

  it('ends with one restore event per mint (0 included) and no row; a cancelled scan only the mints it reached', async () => {
    const s = testStorage();
    await s.restore.begin(row());
    await s.restore.recordBatch({ mintUrl: MINT_A, keyset: keyset(), proofs: [proof('x', 4)] });
    const outcome = await s.restore.finish();
    expect(outcome).toEqual({
      mints: [
        { mintUrl: MINT_A, foundSats: 4 },
        { mintUrl: MINT_B, foundSats: 0 },
      ],
      totalSats: 4,
      cancelled: false,
    });
    const events = (await s.history.page(1)).events;
    expect(events.map((e) => [e.type, e.mintUrl, e.amount])).toEqual([
      ['restore', MINT_B, 0],
      ['restore', MINT_A, 4],
    ]);
    expect(await s.restore.current()).toBeUndefined();
    expect(await s.restore.finish()).toBeUndefined();

    await s.restore.begin(row());
    await s.restore.cancel();
    expect(await s.restore.finish()).toMatchObject({
      cancelled: true,
      mints: [{ mintUrl: MINT_A, foundSats: 0 }],
    });
  });

  it('knows every mint of stored proofs and history, and the keysets stored for a mint', async () => {
    const s = testStorage();
    await s.proofs.add([proof('a', 1)], MINT_A);
    await s.history.addWithdrawal({ amount: 1, mintUrl: MINT_B, numProofs: 1 });
    expect((await s.restore.knownMints()).sort()).toEqual([MINT_A, MINT_B].sort());
    expect(await s.restore.storedKeysetIds(MINT_A)).toEqual([KEYSET]);
    expect(await s.restore.storedKeysetIds(MINT_B)).toEqual([]);
  });
});
