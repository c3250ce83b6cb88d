// Tests for the Dexie Ledger: settling mint quotes once and withdrawals in partial steps.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
  MINT_A,
  MINT_B,
  proof,
  putPaidQuote,
  Q1_PAYMENT,
  SETTLE_Q1,
  testStorage,
  type TestStorage,
} from '../../testing/storage/db';

describe('Ledger.settleMintQuote', () => {
  it('stores the proofs, records the payment and deletes the quote, returning the total balance', async () => {
    const s = testStorage();
    await s.proofs.add([proof('old', 16)], MINT_B);
    await putPaidQuote(s);
    expect(await s.ledger.settleMintQuote(SETTLE_Q1)).toEqual({
      settled: true,
      balance: 28,
      balances: { sat: 28 },
    });
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
    await putPaidQuote(s);
    await s.ledger.settleMintQuote(SETTLE_Q1);
    const again = await s.ledger.settleMintQuote({
      ...SETTLE_Q1,
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
    await putPaidQuote(tabA);
    const results = await Promise.all([
      tabA.ledger.settleMintQuote(SETTLE_Q1),
      tabB.ledger.settleMintQuote(SETTLE_Q1),
    ]);
    expect(results.filter((r) => r.settled)).toHaveLength(1);
    expect(await tabA.proofs.balance()).toBe(12);
    expect((await tabA.history.page(1)).total).toBe(1);
  });

  it('writes nothing when storing the event fails', async () => {
    const s = testStorage();
    await putPaidQuote(s);
    s.db.historyEvents.hook('creating', () => {
      throw new Error('disk full');
    });
    await expect(s.ledger.settleMintQuote(SETTLE_Q1)).rejects.toThrow('disk full');
    expect(await s.db.proofs.count()).toBe(0);
    expect(await s.proofs.balance()).toBe(0);
    expect(await s.mintQuotes.get('q1')).toBeDefined();
  });
});

/** Proofs at MINT_A of these secrets and amounts, all held by pending withdrawal token `id`. */
async function pendingToken(
  s: TestStorage,
  id: string,
  token: string,
  held: Record<string, number>,
): Promise<void> {
  const secrets = Object.keys(held);
  await s.proofs.add(
    secrets.map((secret) => proof(secret, held[secret]!)),
    MINT_A,
  );
  const amount = Object.values(held).reduce((total, sats) => total + sats, 0);
  await s.withdrawals.put({ id, mintUrl: MINT_A, token, secrets, amount, createdAt: 1 });
}

describe('Ledger.settleWithdrawal', () => {
  async function withdrawal(s: TestStorage): Promise<void> {
    await pendingToken(s, 'wd', 'cashuBxyz', { w1: 1, w2: 2, w4: 4 });
    await s.proofs.add([proof('keep', 8)], MINT_A);
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

describe('Ledger.finishConsolidation', () => {
  async function journal(s: TestStorage): Promise<void> {
    await s.withdrawals.put({
      id: 'consolidation-1',
      mintUrl: MINT_A,
      token: '',
      secrets: [],
      amount: 8,
      createdAt: 1,
      consolidation: {
        reservation: { keysetId: '00aa', start: 0, count: 3 },
        inputSecrets: ['in1', 'in2'],
      },
    });
  }

  it('replaces the swap inputs with its outputs and closes the journal together', async () => {
    const s = testStorage();
    await s.proofs.add([proof('in1', 4), proof('in2', 4)], MINT_A);
    await journal(s);
    await s.ledger.finishConsolidation({
      journalId: 'consolidation-1',
      mintUrl: MINT_A,
      inputSecrets: ['in1', 'in2'],
      outputs: [proof('out1', 2), proof('out2', 2), proof('out3', 4)],
    });
    expect((await s.proofs.listUnspent(MINT_A)).map((p) => p.secret).sort()).toEqual([
      'out1',
      'out2',
      'out3',
    ]);
    expect(await s.proofs.balance(MINT_A)).toBe(8);
    expect(await s.withdrawals.list()).toEqual([]);
  });

  it('writes nothing, journal included, when the outputs cannot be stored', async () => {
    const s = testStorage();
    await s.proofs.add([proof('in1', 4), proof('in2', 4)], MINT_A);
    await journal(s);
    const bad = { ...proof('out1', 8), amount: 1.5 };
    await expect(
      s.ledger.finishConsolidation({
        journalId: 'consolidation-1',
        mintUrl: MINT_A,
        inputSecrets: ['in1', 'in2'],
        outputs: [bad],
      }),
    ).rejects.toThrow();
    expect((await s.proofs.listUnspent()).map((p) => p.secret).sort()).toEqual(['in1', 'in2']);
    expect(await s.proofs.balance()).toBe(8);
    expect(await s.withdrawals.list()).toHaveLength(1);
  });
});

describe('Ledger.finishConsolidation cancelling a token', () => {
  const finish = (s: TestStorage, journalId: string, inputs: string[], outputs: number[]) =>
    s.ledger.finishConsolidation({
      journalId,
      mintUrl: MINT_A,
      inputSecrets: inputs,
      outputs: outputs.map((amount, i) => proof(`${journalId}-out${i}`, amount)),
      cancels: 'withdrawal-1',
    });

  it('closes the token and records one cancel, with the fee of every swap, after its last swap', async () => {
    const s = testStorage();
    await pendingToken(s, 'withdrawal-1', 'cashuBx', { t1: 4, t2: 4, t3: 8 });
    // A token of more proofs than one swap takes: the first swap leaves it pending.
    await finish(s, 'consolidation-a', ['t1', 't2'], [4, 2, 1]);
    expect(await s.withdrawals.list()).toMatchObject([{ id: 'withdrawal-1', cancelFee: 1 }]);
    expect((await s.history.page(1)).events).toEqual([]);

    await finish(s, 'consolidation-b', ['t3'], [4, 2, 1]);
    expect(await s.withdrawals.list()).toEqual([]);
    expect(await s.proofs.balance(MINT_A)).toBe(14);
    const { events } = await s.history.page(1);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'token-cancelled', amount: 2, mintUrl: MINT_A });
    expect(JSON.parse(events[0]!.metadata!)).toEqual({ tokenAmount: 16, fee: 2, numProofs: 3 });
  });
});

/** A 5-sat melt paying `request` with 8-sat inputs of MINT_A. */
function pendingMelt(quote: string, request: string, inputSecrets: string[]) {
  return {
    quote,
    mintUrl: MINT_A,
    request,
    amount: 5,
    feeReserve: 1,
    inputFee: 0,
    inputSecrets,
    inputAmount: 8 * inputSecrets.length,
    createdAt: 1,
    expiry: null,
  };
}

describe('Ledger.beginMelt', () => {
  it('refuses, writing nothing, inputs a pending withdrawal token holds (decision 0015)', async () => {
    const s = testStorage();
    await pendingToken(s, 'withdrawal-1', 'cashuBx', { t1: 8 });
    await s.proofs.add([proof('free', 8)], MINT_A);
    const melt = (quote: string, inputSecrets: string[]) =>
      pendingMelt(quote, `lnbc-${quote}`, inputSecrets);
    expect(await s.ledger.beginMelt(melt('m1', ['t1', 'free']))).toBe(false);
    expect(await s.proofs.balance(MINT_A)).toBe(16);
    expect(await s.melts.list()).toEqual([]);
    expect(await s.ledger.beginMelt(melt('m2', ['free']))).toBe(true);
    expect(await s.proofs.balance(MINT_A)).toBe(8);
  });
});

describe('Ledger.invoicePaid', () => {
  const cashOut = (quote: string, request: string) => ({
    quote,
    change: [],
    event: {
      amount: 5,
      feePaid: 3,
      inputFee: 0,
      mintUrl: MINT_A,
      quoteId: quote,
      request,
      preimage: null,
    },
  });

  it('answers yes only for an invoice a settled cash-out paid, not one in flight', async () => {
    const s = testStorage();
    await s.proofs.add([proof('p1', 8), proof('p2', 8)], MINT_A);
    expect(await s.ledger.beginMelt(pendingMelt('m1', 'lnbc-paid', ['p1']))).toBe(true);
    expect(await s.ledger.beginMelt(pendingMelt('m2', 'lnbc-in-flight', ['p2']))).toBe(true);
    expect(await s.ledger.invoicePaid('lnbc-paid')).toBe(false);
    expect((await s.ledger.settleMelt(cashOut('m1', 'lnbc-paid'))).settled).toBe(true);
    expect(await s.ledger.invoicePaid('lnbc-paid')).toBe(true);
    expect(await s.ledger.invoicePaid('lnbc-in-flight')).toBe(false);
    expect(await s.ledger.invoicePaid('lnbc-never-seen')).toBe(false);
  });

  it('is not fooled by a row of another type carrying the same field', async () => {
    const s = testStorage();
    await s.db.historyEvents.add({
      createdAt: 1,
      type: 'direct-payment',
      amount: 5,
      mintUrl: MINT_A,
      request: 'lnbc-other',
    });
    expect(await s.ledger.invoicePaid('lnbc-other')).toBe(false);
  });
});

describe('Ledger: remote quote claims', () => {
  const remote = (quote: string, amount = 21) => ({
    quote,
    mintUrl: MINT_A,
    amount,
    request: 'lnbc210n1abc',
    kind: 'remote' as const,
    state: 'UNPAID' as const,
    createdAt: 1,
    expiry: null,
  });

  it('claims a quote and persists it as pending in one step, once', async () => {
    const s = testStorage();
    expect(await s.ledger.claimRemoteQuote(remote('r1'))).toBe(true);
    expect(await s.ledger.claimRemoteQuote(remote('r1'))).toBe(false);
    expect(await s.processedQuotes.list()).toEqual([
      { quoteId: 'r1', amount: 21, processedAt: s.now.value, mintUrl: MINT_A },
    ]);
    expect(await s.mintQuotes.list()).toEqual([remote('r1')]);
    expect(await s.ledger.unsettledClaims()).toEqual([]);
  });

  it('writes no claim when the pending row cannot be written', async () => {
    const s = testStorage();
    const unstorable = { ...remote('r2'), request: (() => {}) as unknown as string };
    await expect(s.ledger.claimRemoteQuote(unstorable)).rejects.toThrow();
    expect(await s.processedQuotes.isProcessed('r2')).toBe(false);
    expect(await s.mintQuotes.list()).toEqual([]);
  });

  it('two tabs claiming at once: exactly one wins', async () => {
    const a = testStorage();
    const b = testStorage(a.db.name);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).ledger.claimRemoteQuote(remote('r3'))),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await a.mintQuotes.list()).toHaveLength(1);
  });

  it('lists claims with no pending row, no history event and no outcome as unsettled', async () => {
    const s = testStorage();
    await s.processedQuotes.claim('stranded', 5);
    await s.processedQuotes.claim('settled', 12);
    await s.history.addPayment({ ...Q1_PAYMENT, quoteId: 'settled' });
    await s.ledger.claimRemoteQuote(remote('pending'));
    await s.processedQuotes.claim('expired', 3);
    await s.ledger.closeMintQuote('expired', 'expired');
    expect((await s.ledger.unsettledClaims()).map((c) => c.quoteId)).toEqual(['stranded']);
  });

  it('closing a pending quote deletes its row and records the outcome on its claim', async () => {
    const s = testStorage();
    await s.ledger.claimRemoteQuote(remote('r4'));
    await s.ledger.closeMintQuote('r4', 'issued-elsewhere');
    expect(await s.mintQuotes.list()).toEqual([]);
    expect(await s.processedQuotes.list()).toEqual([
      expect.objectContaining({ quoteId: 'r4', outcome: 'issued-elsewhere' }),
    ]);
  });

  it('reopens a stranded claim as pending, but never one already settled or pending', async () => {
    const s = testStorage();
    await s.processedQuotes.claim('stranded', 5);
    expect(await s.ledger.reopenClaim(remote('stranded', 5))).toBe(true);
    expect(await s.ledger.reopenClaim(remote('stranded', 5))).toBe(false);
    await s.processedQuotes.claim('settled', 12);
    await s.history.addPayment({ ...Q1_PAYMENT, quoteId: 'settled' });
    expect(await s.ledger.reopenClaim(remote('settled', 12))).toBe(false);
    expect((await s.mintQuotes.list()).map((q) => q.quote)).toEqual(['stranded']);
  });
});
