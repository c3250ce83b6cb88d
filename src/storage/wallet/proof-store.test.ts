// Tests for the Dexie ProofStore: unspent and spent proofs, balances, stats and read fallbacks.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { breakDatabase, MINT_A, MINT_B, proof, testStorage } from '../../testing/storage/db';
import { statsOf } from '../../testing/storage/proof-stats';

describe('ProofStore', () => {
  it('stores proofs as unspent, stamped with now and tagged with the mint', async () => {
    const s = testStorage();
    s.now.value = 42_000;
    await s.proofs.add(
      [{ ...proof('s1', 8), dleq: { e: 'e', s: 's', r: 'r' }, witness: '{}' }],
      MINT_A,
    );
    const [row] = await s.proofs.listUnspent();
    expect(row).toEqual({
      ...proof('s1', 8),
      dleq: { e: 'e', s: 's', r: 'r' },
      witness: '{}',
      mintUrl: MINT_A,
      createdAt: 42_000,
      isSpent: false,
    });
    expect((await s.db.proofs.get('s1'))?.isSpent).toBe(false);
  });

  it('leaves a secret that is already stored unchanged and does not count it twice', async () => {
    const s = testStorage();
    await s.proofs.add([proof('s1', 8)], MINT_A);
    await s.proofs.add([proof('s1', 64), proof('s1', 64), proof('s2', 2)], MINT_B);
    expect((await s.db.proofs.get('s1'))?.amount).toBe(8);
    expect((await s.db.proofs.get('s1'))?.mintUrl).toBe(MINT_A);
    expect(await s.proofs.balance()).toBe(10);
    expect((await s.proofs.stats()).totalProofs).toBe(2);
  });

  it('balance is the sum of unspent amounts, overall and per mint', async () => {
    const s = testStorage();
    await s.proofs.add([proof('a1', 1), proof('a2', 4)], MINT_A);
    await s.proofs.add([proof('b1', 16)], MINT_B);
    await s.proofs.markSpent(['a2']);
    expect(await s.proofs.balance()).toBe(17);
    expect(await s.proofs.balance(MINT_A)).toBe(1);
    expect(await s.proofs.balance(MINT_B)).toBe(16);
    expect(await s.proofs.balance('https://unknown.example')).toBe(0);
  });

  it('lists the unspent balance per mint, leaving out mints with nothing left', async () => {
    const s = testStorage();
    await s.proofs.add([proof('a1', 1), proof('a2', 4)], MINT_A);
    await s.proofs.add([proof('b1', 16)], MINT_B);
    await s.proofs.markSpent(['b1']);
    expect(await s.proofs.balancesByMint()).toEqual({ [MINT_A]: 5 });
    await s.proofs.markSpent(['a1', 'a2']);
    expect(await s.proofs.balancesByMint()).toEqual({});
  });

  it('marks proofs spent by secret, once, ignoring unknown secrets', async () => {
    const s = testStorage();
    await s.proofs.add([proof('a1', 1), proof('a2', 4)], MINT_A);
    await s.proofs.markSpent(['a2', 'nope']);
    await s.proofs.markSpent(['a2']);
    expect((await s.db.proofs.get('a2'))?.isSpent).toBe(true);
    expect(await s.proofs.stats()).toEqual(statsOf([1], [4]));
  });

  it('lists unspent proofs only, optionally for one mint', async () => {
    const s = testStorage();
    await s.proofs.add([proof('a1', 1), proof('a2', 4)], MINT_A);
    await s.proofs.add([proof('b1', 16)], MINT_B);
    await s.proofs.markSpent(['a1']);
    expect((await s.proofs.listUnspent()).map((p) => p.secret).sort()).toEqual(['a2', 'b1']);
    expect((await s.proofs.listUnspent(MINT_A)).map((p) => p.secret)).toEqual(['a2']);
    expect(await s.proofs.listUnspent('https://unknown.example')).toEqual([]);
  });

  it('removes by secret and returns how many were deleted', async () => {
    const s = testStorage();
    await s.proofs.add([proof('a1', 1), proof('a2', 4), proof('a3', 8)], MINT_A);
    await s.proofs.markSpent(['a3']);
    expect(await s.proofs.remove(['a1', 'a3', 'missing'])).toBe(2);
    expect(await s.db.proofs.count()).toBe(1);
    expect(await s.proofs.stats()).toEqual(statsOf([4], []));
  });

  it('refuses amounts that are not integer sats instead of corrupting the balance', async () => {
    const s = testStorage();
    const notSats = { ...proof('x', 1), amount: { value: 1 } as unknown as number };
    await expect(s.proofs.add([notSats], MINT_A)).rejects.toThrow('integer');
    expect(await s.db.proofs.count()).toBe(0);
  });

  it('balance, stats and unspent listing fall back to 0, zeros and [] and log when reads fail', async () => {
    const s = testStorage();
    await s.proofs.add([proof('a1', 1)], MINT_A);
    breakDatabase(s);
    expect(await s.proofs.balance()).toBe(0);
    expect(await s.proofs.balance(MINT_A)).toBe(0);
    expect(await s.proofs.stats()).toEqual(statsOf([], []));
    expect(await s.proofs.listUnspent()).toEqual([]);
    expect(await s.proofs.listUnspent(MINT_A)).toEqual([]);
    expect(s.logger.errors).toHaveLength(5);
  });

  it('keeps totals equal to a full recount after mixed writes', async () => {
    const s = testStorage();
    await s.proofs.add([proof('a1', 1), proof('a2', 2), proof('a3', 4)], MINT_A);
    await s.proofs.add([proof('b1', 8), proof('b2', 16)], MINT_B);
    await s.proofs.markSpent(['a1', 'b2']);
    await s.proofs.remove(['a1', 'a2']);
    await s.ledger.finishConsolidation({
      journalId: 'none',
      mintUrl: MINT_B,
      inputSecrets: ['b1'],
      outputs: [proof('b3', 32)],
    });
    const rows = await s.db.proofs.toArray();
    const unspent = rows.filter((r) => !r.isSpent);
    const spent = rows.filter((r) => r.isSpent);
    expect(await s.proofs.stats()).toEqual(
      statsOf(
        unspent.map((r) => r.amount),
        spent.map((r) => r.amount),
      ),
    );
  });
});
