// Tests for the Dexie MintQuoteStore and WithdrawalStore (schema v8 pending work).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { PendingMintQuote } from '../../core/wallet/mint/ports';
import { MINT_A, proof, testStorage } from '../../testing/storage/db';

function quote(id: string, createdAt: number): PendingMintQuote {
  return {
    quote: id,
    mintUrl: MINT_A,
    amount: 100,
    request: `lnbc1${id}`,
    kind: 'direct',
    state: 'UNPAID',
    createdAt,
    expiry: null,
  };
}

describe('MintQuoteStore', () => {
  it('keeps a quote until removed and lists quotes oldest first', async () => {
    const s = testStorage();
    await s.mintQuotes.put(quote('q2', 2));
    await s.mintQuotes.put(quote('q1', 1));
    expect(await s.mintQuotes.get('q1')).toEqual(quote('q1', 1));
    expect((await s.mintQuotes.list()).map((q) => q.quote)).toEqual(['q1', 'q2']);
    await s.mintQuotes.remove('q1');
    expect(await s.mintQuotes.get('q1')).toBeUndefined();
    expect((await s.mintQuotes.list()).map((q) => q.quote)).toEqual(['q2']);
  });

  it('updates fields, and a field set to undefined is cleared', async () => {
    const s = testStorage();
    await s.mintQuotes.put({
      ...quote('q1', 1),
      reservation: { keysetId: 'k', start: 3, count: 2 },
    });
    await s.mintQuotes.update('q1', { state: 'PAID' });
    expect(await s.mintQuotes.get('q1')).toMatchObject({
      state: 'PAID',
      reservation: { keysetId: 'k', start: 3, count: 2 },
    });
    await s.mintQuotes.update('q1', { reservation: undefined });
    expect(await s.mintQuotes.get('q1')).not.toHaveProperty('reservation');
  });
});

describe('MintQuoteStore.reserveOutputs', () => {
  it('takes the next counters and records them on the paid row', async () => {
    const s = testStorage();
    await s.mintQuotes.put(quote('q1', 1));
    await s.mintQuotes.put(quote('q2', 2));
    await s.db.counters.put({ keysetId: 'k', next: 7 });
    const first = await s.mintQuotes.reserveOutputs!('q1', { keysetId: 'k', count: 3 });
    const second = await s.mintQuotes.reserveOutputs!('q2', { keysetId: 'k', count: 2 });
    expect(first).toEqual({ keysetId: 'k', start: 7, count: 3 });
    expect(second).toEqual({ keysetId: 'k', start: 10, count: 2 });
    expect(await s.mintQuotes.get('q1')).toMatchObject({ state: 'PAID', reservation: first });
    expect(await s.mintQuotes.get('q2')).toMatchObject({ state: 'PAID', reservation: second });
    expect((await s.db.counters.get('k'))?.next).toBe(12);
  });

  it('advances the global counter as a reserve does, for keysets not used yet', async () => {
    const s = testStorage();
    const other = testStorage();
    await s.mintQuotes.put(quote('q1', 1));
    await s.mintQuotes.reserveOutputs!('q1', { keysetId: 'k', count: 4 });
    await other.counterSource.reserve('j', 4);
    // the same steps through the counter source alone, on another database
    expect(await s.counterSource.reserve('fresh', 1)).toEqual(
      await other.counterSource.reserve('fresh', 1),
    );
  });

  it('takes no counter when the row cannot be written: both or neither', async () => {
    const s = testStorage();
    await s.mintQuotes.put(quote('q1', 1));
    await s.db.counters.put({ keysetId: 'k', next: 5 });
    s.db.mintQuotes.hook('updating', () => {
      throw new Error('disk full');
    });
    await expect(s.mintQuotes.reserveOutputs!('q1', { keysetId: 'k', count: 3 })).rejects.toThrow();
    expect((await s.db.counters.get('k'))?.next).toBe(5);
    expect(await s.mintQuotes.get('q1')).toEqual(quote('q1', 1));
  });

  it('two tabs reserving at once on one database get ranges that never overlap', async () => {
    const a = testStorage();
    const b = testStorage(a.db.name);
    const ids = ['q0', 'q1', 'q2', 'q3', 'q4', 'q5'];
    for (const [i, id] of ids.entries()) await a.mintQuotes.put(quote(id, i));
    const ranges = await Promise.all(
      ids.map((id, i) =>
        (i % 2 ? b : a).mintQuotes.reserveOutputs!(id, { keysetId: 'k', count: 3 }),
      ),
    );
    const counters = ranges.flatMap((r) => Array.from({ length: r.count }, (_, i) => r.start + i));
    expect(new Set(counters).size).toBe(18);
    expect(Math.max(...counters)).toBe(17);
    for (const [i, id] of ids.entries()) {
      expect((await a.mintQuotes.get(id))?.reservation).toEqual(ranges[i]);
    }
    b.close();
  });
});

describe('WithdrawalStore', () => {
  it('keeps withdrawals until removed, oldest first', async () => {
    const s = testStorage();
    const w = (id: string, createdAt: number) => ({
      id,
      mintUrl: MINT_A,
      token: `cashuB${id}`,
      secrets: [`${id}-s1`],
      amount: 4,
      createdAt,
    });
    await s.withdrawals.put(w('w2', 2));
    await s.withdrawals.put(w('w1', 1));
    expect(await s.withdrawals.list()).toEqual([w('w1', 1), w('w2', 2)]);
    await s.withdrawals.remove('w1');
    expect(await s.withdrawals.list()).toEqual([w('w2', 2)]);
  });
});

describe('WithdrawalStore.putToken (decision 0015)', () => {
  const token = (id: string, secrets: string[]) => ({
    id,
    mintUrl: MINT_A,
    token: `cashuB${id}`,
    secrets,
    amount: secrets.length * 4,
    createdAt: 1,
  });

  it('writes a token of stored unspent proofs no other token holds', async () => {
    const s = testStorage();
    await s.proofs.add([proof('a', 4), proof('b', 4)], MINT_A);
    expect(await s.withdrawals.putToken(token('w1', ['a']))).toBe(true);
    expect(await s.withdrawals.putToken(token('w2', ['b']))).toBe(true);
    expect((await s.withdrawals.list()).map((w) => w.id)).toEqual(['w1', 'w2']);
  });

  it('writes nothing when a proof is gone, flagged by a melt, or in another token', async () => {
    const s = testStorage();
    await s.proofs.add([proof('a', 4), proof('b', 4), proof('c', 4)], MINT_A);
    await s.proofs.markSpent(['b']);
    expect(await s.withdrawals.putToken(token('w1', ['a']))).toBe(true);
    expect(await s.withdrawals.putToken(token('w2', ['c', 'missing']))).toBe(false);
    expect(await s.withdrawals.putToken(token('w3', ['b']))).toBe(false);
    expect(await s.withdrawals.putToken(token('w4', ['a', 'c']))).toBe(false);
    expect((await s.withdrawals.list()).map((w) => w.id)).toEqual(['w1']);
  });
});
