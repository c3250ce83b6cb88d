// Tests for the Dexie Ledger: settling mint quotes once and withdrawals in partial steps.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { PaymentEventInput } from '../core/ports';
import { MINT_A, MINT_B, proof, testStorage, type TestStorage } from './test-support';

const EVENT: PaymentEventInput = {
  type: 'direct-payment',
  amount: 12,
  mintUrl: MINT_A,
  quoteId: 'q1',
  request: 'lnbc120n1abc',
};

async function pendingQuote(s: TestStorage, quote = 'q1'): Promise<void> {
  await s.mintQuotes.put({
    quote,
    mintUrl: MINT_A,
    amount: 12,
    request: 'lnbc120n1abc',
    kind: 'direct',
    state: 'PAID',
    createdAt: 1,
    expiry: null,
  });
}

const settleArgs = {
  quote: 'q1',
  mintUrl: MINT_A,
  proofs: [proof('p4', 4), proof('p8', 8)],
  event: EVENT,
};

describe('Ledger.settleMintQuote', () => {
  it('stores the proofs, records the payment and deletes the quote, returning the total balance', async () => {
    const s = testStorage();
    await s.proofs.add([proof('old', 16)], MINT_B);
    await pendingQuote(s);
    expect(await s.ledger.settleMintQuote(settleArgs)).toEqual({ settled: true, balance: 28 });
    expect(await s.proofs.balance(MINT_A)).toBe(12);
    expect(await s.mintQuotes.get('q1')).toBeUndefined();
    const { events } = await s.history.page(1);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'direct-payment',
      amount: 12,
      mintUrl: MINT_A,
      quoteId: 'q1',
      metadata: '{"request":"lnbc120n1abc"}',
    });
  });

  it('a second settlement of the same quote records nothing', async () => {
    const s = testStorage();
    await pendingQuote(s);
    await s.ledger.settleMintQuote(settleArgs);
    const again = await s.ledger.settleMintQuote({
      ...settleArgs,
      proofs: [proof('other', 64)],
    });
    expect(again).toEqual({ settled: false, balance: 12 });
    expect(await s.db.proofs.count()).toBe(2);
    expect((await s.history.page(1)).total).toBe(1);
  });

  it('two tabs settling the same quote at once record the payment once', async () => {
    const name = testStorage().db.name;
    const tabA = testStorage(name);
    const tabB = testStorage(name);
    await pendingQuote(tabA);
    const results = await Promise.all([
      tabA.ledger.settleMintQuote(settleArgs),
      tabB.ledger.settleMintQuote(settleArgs),
    ]);
    expect(results.filter((r) => r.settled)).toHaveLength(1);
    expect(await tabA.proofs.balance()).toBe(12);
    expect((await tabA.history.page(1)).total).toBe(1);
  });

  it('writes nothing when storing the event fails', async () => {
    const s = testStorage();
    await pendingQuote(s);
    s.db.historyEvents.hook('creating', () => {
      throw new Error('disk full');
    });
    await expect(s.ledger.settleMintQuote(settleArgs)).rejects.toThrow('disk full');
    expect(await s.db.proofs.count()).toBe(0);
    expect(await s.proofs.balance()).toBe(0);
    expect(await s.mintQuotes.get('q1')).toBeDefined();
  });
});

describe('Ledger.settleWithdrawal', () => {
  async function withdrawal(s: TestStorage): Promise<void> {
    await s.proofs.add([proof('w1', 1), proof('w2', 2), proof('w4', 4), proof('keep', 8)], MINT_A);
    await s.withdrawals.put({
      id: 'wd',
      mintUrl: MINT_A,
      token: 'cashuBxyz',
      secrets: ['w1', 'w2', 'w4'],
      amount: 7,
      createdAt: 1,
    });
  }

  it('removes the spent part, records it, and keeps watching the rest', async () => {
    const s = testStorage();
    await withdrawal(s);
    const result = await s.ledger.settleWithdrawal({
      withdrawalId: 'wd',
      spentSecrets: ['w1', 'w4'],
    });
    expect(result).toEqual({ amount: 5, numProofs: 2, remaining: 1 });
    expect((await s.proofs.listUnspent()).map((p) => p.secret).sort()).toEqual(['keep', 'w2']);
    expect(await s.proofs.balance()).toBe(10);
    expect(await s.withdrawals.list()).toHaveLength(1);
    const { events } = await s.history.page(1);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'withdrawal', amount: 5, mintUrl: MINT_A });
    expect(JSON.parse(events[0]!.metadata!)).toEqual({ numProofs: 2 });
  });

  it('drops the watch once the last proofs are spent, and repeats record nothing', async () => {
    const s = testStorage();
    await withdrawal(s);
    await s.ledger.settleWithdrawal({ withdrawalId: 'wd', spentSecrets: ['w1'] });
    const last = await s.ledger.settleWithdrawal({
      withdrawalId: 'wd',
      spentSecrets: ['w1', 'w2', 'w4'],
    });
    expect(last).toEqual({ amount: 6, numProofs: 2, remaining: 0 });
    expect(await s.withdrawals.list()).toEqual([]);
    expect(await s.ledger.settleWithdrawal({ withdrawalId: 'wd', spentSecrets: ['w1'] })).toEqual({
      amount: 0,
      numProofs: 0,
      remaining: 0,
    });
    expect((await s.history.page(1)).total).toBe(2);
    expect(await s.proofs.balance()).toBe(8);
  });

  it('ignores spent secrets that are not part of the withdrawal', async () => {
    const s = testStorage();
    await withdrawal(s);
    const result = await s.ledger.settleWithdrawal({ withdrawalId: 'wd', spentSecrets: ['keep'] });
    expect(result).toEqual({ amount: 0, numProofs: 0, remaining: 3 });
    expect(await s.proofs.balance()).toBe(15);
    expect((await s.history.page(1)).total).toBe(0);
  });

  it('counts proofs the user already removed as gone, without recording them', async () => {
    const s = testStorage();
    await withdrawal(s);
    await s.proofs.remove(['w2', 'w4']);
    const result = await s.ledger.settleWithdrawal({ withdrawalId: 'wd', spentSecrets: ['w2'] });
    expect(result).toEqual({ amount: 0, numProofs: 0, remaining: 1 });
    expect((await s.history.page(1)).total).toBe(0);
  });
});
