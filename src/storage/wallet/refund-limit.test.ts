// A refund's limit where the money leaves: the melt is journaled only when it fits in what is left
// of the sale (recorded refunds and refunds still being paid), in one transaction across tabs.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { PendingMelt } from '../../core/wallet/cash-out/ports';
import { MINT_A, proof, testStorage, type TestStorage } from '../../testing/storage/db';

async function saleOf(s: TestStorage, amount: number): Promise<number> {
  return s.db.historyEvents.add({
    createdAt: 1_000,
    type: 'direct-payment',
    amount,
    mintUrl: MINT_A,
  });
}

/** Two tabs on one database, with a 100-sat sale and two 64-sat proofs, 'a' and 'b'. */
async function twoTabsWithSale() {
  const name = testStorage().db.name;
  const tabA = testStorage(name);
  const tabB = testStorage(name);
  const saleId = await saleOf(tabA, 100);
  await tabA.proofs.add([proof('a', 64), proof('b', 64)], MINT_A);
  return { tabA, tabB, saleId };
}

/** Two writes at once: exactly one is taken, the other refused; returns why it was refused. */
async function oneFitsOneRefused(a: Promise<boolean>, b: Promise<boolean>): Promise<unknown> {
  const results = await Promise.allSettled([a, b]);
  expect(results.filter((r) => r.status === 'fulfilled' && r.value === true)).toHaveLength(1);
  const refused = results.filter((r) => r.status === 'rejected');
  expect(refused).toHaveLength(1);
  return (refused[0] as PromiseRejectedResult).reason;
}

function refundMelt(quote: string, saleId: number, amount: number, secret: string): PendingMelt {
  return {
    quote,
    mintUrl: MINT_A,
    request: `lnbc-${quote}`,
    amount,
    feeReserve: 1,
    inputFee: 0,
    inputSecrets: [secret],
    inputAmount: 64,
    refund: { refundOf: saleId, method: 'lightning' },
    createdAt: 2_000,
    expiry: null,
  };
}

const settle = (quote: string, amount: number, saleId: number) => ({
  quote,
  change: [],
  event: {
    amount,
    feePaid: 1,
    inputFee: 0,
    mintUrl: MINT_A,
    quoteId: quote,
    request: `lnbc-${quote}`,
    preimage: null,
    refund: { refundOf: saleId, method: 'lightning' as const, reference: 'R1' },
  },
});

describe('refund limit at the melt journal', () => {
  it('records a settled refund as its own kind linked to the sale', async () => {
    const s = testStorage();
    const saleId = await saleOf(s, 100);
    await s.proofs.add([proof('a', 64)], MINT_A);
    expect(await s.ledger.beginMelt(refundMelt('m1', saleId, 40, 'a'))).toBe(true);
    await s.ledger.settleMelt(settle('m1', 40, saleId));
    const refund = (await s.db.historyEvents.toArray()).find((e) => e.type === 'refund')!;
    expect(refund.amount).toBe(40);
    expect(JSON.parse(refund.metadata!)).toMatchObject({ refundOf: saleId, reference: 'R1' });
    expect(await s.ledger.invoicePaid('lnbc-m1')).toBe(true);
  });

  it('refuses a refund larger than what is left: nothing is journaled or spent', async () => {
    const s = testStorage();
    const saleId = await saleOf(s, 100);
    await s.proofs.add([proof('a', 64), proof('b', 64)], MINT_A);
    expect(await s.ledger.beginMelt(refundMelt('m1', saleId, 60, 'a'))).toBe(true);
    await s.ledger.settleMelt(settle('m1', 60, saleId));
    await expect(s.ledger.beginMelt(refundMelt('m2', saleId, 41, 'b'))).rejects.toThrow(
      'Only 40 sats of this sale are left to refund',
    );
    expect(await s.melts.list()).toEqual([]);
    expect(await s.proofs.balance(MINT_A)).toBe(64);
  });

  it('counts a refund still being paid, and refuses a sale that is not there', async () => {
    const s = testStorage();
    const saleId = await saleOf(s, 100);
    await s.proofs.add([proof('a', 64), proof('b', 64)], MINT_A);
    expect(await s.ledger.beginMelt(refundMelt('m1', saleId, 70, 'a'))).toBe(true);
    await expect(s.ledger.beginMelt(refundMelt('m2', saleId, 31, 'b'))).rejects.toThrow(
      'Only 30 sats',
    );
    await expect(s.ledger.beginMelt(refundMelt('m3', 999, 1, 'b'))).rejects.toThrow(
      'Only a sale can be refunded',
    );
  });

  it('two tabs refunding the same sale at once: only one fits, the other changes nothing', async () => {
    const { tabA, tabB, saleId } = await twoTabsWithSale();
    await oneFitsOneRefused(
      tabA.ledger.beginMelt(refundMelt('m1', saleId, 60, 'a')),
      tabB.ledger.beginMelt(refundMelt('m2', saleId, 60, 'b')),
    );
    expect(await tabA.melts.list()).toHaveLength(1);
    expect(await tabA.proofs.balance(MINT_A)).toBe(64);
  });
});

function refundToken(id: string, saleId: number, amount: number, secret: string) {
  return {
    id,
    mintUrl: MINT_A,
    token: `cashuB-${id}`,
    secrets: [secret],
    amount,
    createdAt: 2_000,
    refund: { refundOf: saleId, method: 'ecash' as const, reference: 'R1' },
  };
}

describe('refund limit where an ecash refund token is written', () => {
  it('two tabs writing refund tokens for one sale at once: only one fits, the other writes nothing', async () => {
    const { tabA, tabB, saleId } = await twoTabsWithSale();
    const refused = await oneFitsOneRefused(
      tabA.withdrawals.putToken(refundToken('w1', saleId, 64, 'a')),
      tabB.withdrawals.putToken(refundToken('w2', saleId, 64, 'b')),
    );
    expect(String(refused)).toContain('Only 36 sats of this sale are left to refund');
    expect(await tabA.withdrawals.list()).toHaveLength(1);
  });

  it('a Lightning refund and an ecash refund at once: the pending one counts against the other', async () => {
    const { tabA, tabB, saleId } = await twoTabsWithSale();
    await oneFitsOneRefused(
      tabA.ledger.beginMelt(refundMelt('m1', saleId, 60, 'a')),
      tabB.withdrawals.putToken(refundToken('w1', saleId, 64, 'b')),
    );
    const journaled = (await tabA.melts.list()).length + (await tabA.withdrawals.list()).length;
    expect(journaled).toBe(1);
  });

  it('a redeemed refund token is recorded as a refund linked to the sale; what is left shrinks', async () => {
    const s = testStorage();
    const saleId = await saleOf(s, 100);
    await s.proofs.add([proof('a', 32), proof('b', 64)], MINT_A);
    expect(await s.withdrawals.putToken(refundToken('w1', saleId, 32, 'a'))).toBe(true);
    await s.ledger.settleWithdrawal({ withdrawalId: 'w1', spentSecrets: ['a'] });
    const refund = (await s.db.historyEvents.toArray()).find((e) => e.type === 'refund')!;
    expect(refund.amount).toBe(32);
    expect(JSON.parse(refund.metadata!)).toMatchObject({ refundOf: saleId, method: 'ecash' });
    expect(await s.withdrawals.list()).toEqual([]);
    await expect(s.withdrawals.putToken(refundToken('w2', saleId, 69, 'b'))).rejects.toThrow(
      'Only 68 sats',
    );
  });
});
