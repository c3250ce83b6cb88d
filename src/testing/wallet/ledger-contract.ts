// The Ledger port's contract as one suite, run against every implementation so they cannot drift.
import { describe, expect, it } from 'vitest';
import { PendingQuoteLimitError } from '../../core/errors';
import { centsProof, consolidationJournal, MINT_A, MINT_B, proof } from '../storage/db';
import type { HistoryEvent, HistoryStore } from '../../core/history-ports';
import type { ProcessedQuoteStore } from '../../core/remote-payments/merchant/processed-quote-ports';
import type { Ledger, SettleMintQuote } from '../../core/wallet/ledger-ports';
import type { MintQuoteStore, PendingMintQuote } from '../../core/wallet/mint/ports';
import type { NewProof, ProofStore } from '../../core/wallet/proof-ports';
import type { WithdrawalStore } from '../../core/wallet/withdraw/ports';

/** A ledger and the stores over the same data, to set the scene and read what it wrote. */
export interface LedgerUnderTest {
  ledger: Ledger;
  proofs: ProofStore;
  quotes: MintQuoteStore;
  history: HistoryStore;
  processedQuotes: Pick<ProcessedQuoteStore, 'list'>;
  withdrawals: Pick<WithdrawalStore, 'put' | 'list'>;
  /** Moves the injected clock (unix ms). */
  setNow(ms: number): void;
}

const NOW = 1_700_000_000_000;

function quote(id: string, changes: Partial<PendingMintQuote> = {}): PendingMintQuote {
  return {
    quote: id,
    mintUrl: MINT_A,
    amount: 12,
    request: `lnbc-${id}`,
    kind: 'direct',
    state: 'PAID',
    createdAt: 1,
    expiry: null,
    ...changes,
  };
}

function remote(id: string, expiry: number | null, changes: Partial<PendingMintQuote> = {}) {
  return quote(id, { kind: 'remote', state: 'UNPAID', expiry, ...changes });
}

const SALE = {
  lines: [{ name: 'Coffee', quantity: 1, unitSats: 12 }],
  subtotalSats: 12,
  taxSats: 0,
  tipSats: 0,
  method: 'lightning' as const,
  reference: 'R-1',
};
const FIAT = { currency: 'EUR', price: 90_000, value: 0.01, time: NOW - 5 };

function settleQ1(changes: Partial<SettleMintQuote> = {}): SettleMintQuote {
  return {
    quote: 'q1',
    mintUrl: MINT_A,
    proofs: [proof('p4', 4), proof('p8', 8)],
    event: {
      type: 'direct-payment',
      amount: 12,
      mintUrl: MINT_A,
      quoteId: 'q1',
      request: 'lnbc-q1',
      fiat: FIAT,
      sale: SALE,
    },
    ...changes,
  };
}

async function events(s: LedgerUnderTest): Promise<HistoryEvent[]> {
  return (await s.history.page(1, 100)).events;
}

async function claimOf(s: LedgerUnderTest, id: string) {
  return (await s.processedQuotes.list()).find((row) => row.quoteId === id);
}

/** Registers the contract's tests for the ledgers `make` builds (a fresh, empty one each call). */
export function ledgerContract(name: string, make: () => LedgerUnderTest): void {
  const fresh = () => {
    const s = make();
    s.setNow(NOW);
    return s;
  };

  describe(`${name}: the Ledger contract`, () => {
    describe('settleMintQuote', () => {
      it('stores the proofs, records the sale with its metadata and deletes the pending quote', async () => {
        const s = fresh();
        await s.proofs.add([proof('old', 16)], MINT_B);
        await s.quotes.put(quote('q1'));
        expect(await s.ledger.settleMintQuote(settleQ1())).toEqual({
          settled: true,
          balance: 28,
          balances: { sat: 28 },
        });
        expect(await s.quotes.get('q1')).toBeUndefined();
        const [event, ...others] = await events(s);
        expect(others).toEqual([]);
        expect(event).toMatchObject({
          type: 'direct-payment',
          amount: 12,
          mintUrl: MINT_A,
          quoteId: 'q1',
          createdAt: NOW,
          fiat: FIAT,
          sale: SALE,
        });
        expect(JSON.parse(event!.metadata!)).toEqual({ request: 'lnbc-q1' });
      });

      it('keeps the totals per mint and overall in step with the proofs stored', async () => {
        const s = fresh();
        await s.proofs.add([proof('old', 16)], MINT_B);
        await s.quotes.put(quote('q1'));
        await s.ledger.settleMintQuote(settleQ1());
        expect(await s.proofs.balance(MINT_A)).toBe(12);
        expect(await s.proofs.balance()).toBe(28);
        expect(await s.proofs.balancesByMint()).toEqual({ [MINT_A]: 12, [MINT_B]: 16 });
        expect(await s.proofs.stats()).toEqual({
          totalProofs: 3,
          unspentProofs: 3,
          spentProofs: 0,
          totalBalance: 28,
          totalSpent: 0,
        });
        const stored = await s.proofs.listUnspent(MINT_A);
        expect(stored.map((p) => [p.secret, p.amount, p.mintUrl, p.createdAt]).sort()).toEqual([
          ['p4', 4, MINT_A, NOW],
          ['p8', 8, MINT_A, NOW],
        ]);
      });

      it('a second settlement of the same quote writes nothing and reports the balance', async () => {
        const s = fresh();
        await s.quotes.put(quote('q1'));
        await s.ledger.settleMintQuote(settleQ1());
        const again = await s.ledger.settleMintQuote(settleQ1({ proofs: [proof('other', 64)] }));
        expect(again).toEqual({ settled: false, balance: 12 });
        expect((await s.proofs.stats()).totalProofs).toBe(2);
        expect(await events(s)).toHaveLength(1);
      });

      it('a quote never pending writes nothing', async () => {
        const s = fresh();
        expect(await s.ledger.settleMintQuote(settleQ1())).toEqual({ settled: false, balance: 0 });
        expect(await events(s)).toEqual([]);
        expect(await s.proofs.balance()).toBe(0);
      });

      it('a proof stored already is counted once', async () => {
        const s = fresh();
        await s.proofs.add([proof('p4', 4)], MINT_A);
        await s.quotes.put(quote('q1'));
        const result = await s.ledger.settleMintQuote(settleQ1());
        expect(result).toEqual({ settled: true, balance: 12, balances: { sat: 12 } });
        expect((await s.proofs.stats()).totalProofs).toBe(2);
      });

      it('two settlements at once record the payment once', async () => {
        const s = fresh();
        await s.quotes.put(quote('q1'));
        const results = await Promise.all([
          s.ledger.settleMintQuote(settleQ1()),
          s.ledger.settleMintQuote(settleQ1()),
        ]);
        expect(results.filter((r) => r.settled)).toHaveLength(1);
        expect(await s.proofs.balance()).toBe(12);
        expect(await events(s)).toHaveLength(1);
      });
    });

    describe('claimRemoteQuote', () => {
      it('writes the claim (mint, amount, receipt, time) and the pending quote together', async () => {
        const s = fresh();
        const q = remote('r1', NOW / 1000 + 600, { receipt: 'rcpt', pubkey: 'ab' });
        expect(await s.ledger.claimRemoteQuote(q)).toBe(true);
        expect(await claimOf(s, 'r1')).toEqual({
          quoteId: 'r1',
          amount: 12,
          processedAt: NOW,
          mintUrl: MINT_A,
          receipt: 'rcpt',
        });
        expect(await s.quotes.get('r1')).toEqual(q);
      });

      it('a second claim of the same quote writes nothing', async () => {
        const s = fresh();
        await s.ledger.claimRemoteQuote(remote('r1', null));
        expect(await s.ledger.claimRemoteQuote(remote('r1', null, { amount: 99 }))).toBe(false);
        expect((await s.processedQuotes.list()).map((row) => row.amount)).toEqual([12]);
        expect((await s.quotes.get('r1'))?.amount).toBe(12);
      });

      it('two claims at once: one wins', async () => {
        const s = fresh();
        const results = await Promise.all([
          s.ledger.claimRemoteQuote(remote('r1', null)),
          s.ledger.claimRemoteQuote(remote('r1', null)),
        ]);
        expect(results.filter(Boolean)).toHaveLength(1);
        expect(await s.processedQuotes.list()).toHaveLength(1);
      });

      it('keeps a pending row already there as it is', async () => {
        const s = fresh();
        await s.quotes.put(remote('r1', null, { state: 'PAID' }));
        expect(await s.ledger.claimRemoteQuote(remote('r1', null))).toBe(true);
        expect((await s.quotes.get('r1'))?.state).toBe('PAID');
      });

      it('at the cap, closes expired unpaid remote quotes, oldest expiry first', async () => {
        const s = fresh();
        const now = NOW / 1000;
        await s.ledger.claimRemoteQuote(remote('late', now - 10));
        await s.ledger.claimRemoteQuote(remote('early', now - 100));
        await s.ledger.claimRemoteQuote(remote('open', now + 100));
        const limit = { maxUnpaid: 3, nowSeconds: now };
        expect(await s.ledger.claimRemoteQuote(remote('new', now + 600), limit)).toBe(true);
        expect((await s.quotes.list()).map((q) => q.quote).sort()).toEqual(['late', 'new', 'open']);
        expect((await claimOf(s, 'early'))?.outcome).toBe('expired');
        expect((await claimOf(s, 'late'))?.outcome).toBeUndefined();
      });

      it('at the cap, never closes a paid, direct or reserved quote', async () => {
        const s = fresh();
        const now = NOW / 1000;
        const reservation = { keysetId: 'k', start: 0, count: 1 };
        await s.quotes.put(remote('paid', now - 10, { state: 'PAID' }));
        await s.quotes.put(quote('direct', { state: 'UNPAID', expiry: now - 10 }));
        await s.ledger.claimRemoteQuote(remote('reserved', now - 10, { reservation }));
        const limit = { maxUnpaid: 1, nowSeconds: now };
        expect(await s.ledger.claimRemoteQuote(remote('new', now + 600), limit)).toBe(true);
        expect(await s.quotes.list()).toHaveLength(4);
      });

      it('over the cap with too few expired, throws and writes nothing', async () => {
        const s = fresh();
        const now = NOW / 1000;
        await s.ledger.claimRemoteQuote(remote('old', now - 10));
        await s.ledger.claimRemoteQuote(remote('open', now + 100));
        const limit = { maxUnpaid: 1, nowSeconds: now };
        await expect(s.ledger.claimRemoteQuote(remote('new', now + 600), limit)).rejects.toThrow(
          PendingQuoteLimitError,
        );
        expect((await s.quotes.list()).map((q) => q.quote).sort()).toEqual(['old', 'open']);
        expect(await claimOf(s, 'new')).toBeUndefined();
        expect((await claimOf(s, 'old'))?.outcome).toBeUndefined();
      });

      it('a paid quote is claimed whatever the cap', async () => {
        const s = fresh();
        await s.ledger.claimRemoteQuote(remote('open', NOW / 1000 + 100));
        const limit = { maxUnpaid: 1, nowSeconds: NOW / 1000 };
        const paid = remote('paid', null, { state: 'PAID' });
        expect(await s.ledger.claimRemoteQuote(paid, limit)).toBe(true);
      });
    });

    describe('closeMintQuote, unsettledClaims and reopenClaim', () => {
      it('closing deletes the pending quote and records the outcome on its claim', async () => {
        const s = fresh();
        await s.ledger.claimRemoteQuote(remote('r1', null));
        await s.ledger.closeMintQuote('r1', 'issued-elsewhere');
        expect(await s.quotes.get('r1')).toBeUndefined();
        expect((await claimOf(s, 'r1'))?.outcome).toBe('issued-elsewhere');
        expect(await s.ledger.unsettledClaims()).toEqual([]);
      });

      it('closing a direct quote (no claim) or a missing one is fine', async () => {
        const s = fresh();
        await s.quotes.put(quote('d1'));
        await s.ledger.closeMintQuote('d1', 'expired');
        await s.ledger.closeMintQuote('none', 'expired');
        expect(await s.quotes.list()).toEqual([]);
        expect(await s.processedQuotes.list()).toEqual([]);
      });

      it('lists a claim nothing tracks: no pending row, no outcome, no history event', async () => {
        const s = fresh();
        await s.ledger.claimRemoteQuote(remote('lost', null));
        await s.ledger.claimRemoteQuote(remote('pending', null));
        await s.ledger.claimRemoteQuote(remote('paid', null, { state: 'PAID' }));
        await s.quotes.remove('lost');
        await s.ledger.settleMintQuote(
          settleQ1({
            quote: 'paid',
            event: { ...settleQ1().event, type: 'remote-payment', quoteId: 'paid' },
          }),
        );
        const unsettled = await s.ledger.unsettledClaims();
        expect(unsettled.map((row) => row.quoteId)).toEqual(['lost']);
        expect(unsettled[0]).toMatchObject({ amount: 12, mintUrl: MINT_A, processedAt: NOW });
      });

      it('reopening tracks the claim again under the mint it names', async () => {
        const s = fresh();
        await s.ledger.claimRemoteQuote(remote('lost', null));
        await s.quotes.remove('lost');
        const again = remote('lost', null, { mintUrl: MINT_B });
        expect(await s.ledger.reopenClaim(again)).toBe(true);
        expect(await s.quotes.get('lost')).toEqual(again);
        expect((await claimOf(s, 'lost'))?.mintUrl).toBe(MINT_B);
        expect(await s.ledger.unsettledClaims()).toEqual([]);
      });

      it('does not reopen a quote still pending or already recorded', async () => {
        const s = fresh();
        await s.ledger.claimRemoteQuote(remote('pending', null));
        expect(await s.ledger.reopenClaim(remote('pending', null, { amount: 99 }))).toBe(false);
        expect((await s.quotes.get('pending'))?.amount).toBe(12);
        await s.quotes.put(quote('q1'));
        await s.ledger.settleMintQuote(settleQ1());
        expect(await s.ledger.reopenClaim(quote('q1'))).toBe(false);
        expect(await s.quotes.get('q1')).toBeUndefined();
      });
    });

    describe('settleWithdrawal', () => {
      const token = (secrets: string[], changes = {}) => ({
        id: 'wd',
        mintUrl: MINT_A,
        token: 'cashuB...',
        secrets,
        amount: 12,
        createdAt: 1,
        ...changes,
      });

      it('removes the spent proofs of the token, records them and keeps the watch on the rest', async () => {
        const s = fresh();
        await s.proofs.add([proof('w1', 4), proof('w2', 8), proof('other', 2)], MINT_A);
        await s.withdrawals.put(token(['w1', 'w2']));
        const result = await s.ledger.settleWithdrawal({
          withdrawalId: 'wd',
          spentSecrets: ['w1', 'other'],
        });
        expect(result).toEqual({ amount: 4, numProofs: 1, remaining: 1 });
        expect(await s.proofs.balance()).toBe(10);
        expect((await s.withdrawals.list()).map((w) => w.id)).toEqual(['wd']);
        const [event] = await events(s);
        expect(event).toMatchObject({ type: 'withdrawal', amount: 4, mintUrl: MINT_A });
        expect(event!.createdAt).toBe(NOW);
        expect(JSON.parse(event!.metadata!)).toEqual({ numProofs: 1 });
      });

      it('drops the watch once none of its proofs is left; again it records nothing', async () => {
        const s = fresh();
        await s.proofs.add([proof('w1', 4), proof('w2', 8)], MINT_A);
        await s.withdrawals.put(token(['w1', 'w2']));
        const all = { withdrawalId: 'wd', spentSecrets: ['w1', 'w2'] };
        expect(await s.ledger.settleWithdrawal(all)).toEqual({
          amount: 12,
          numProofs: 2,
          remaining: 0,
        });
        expect(await s.withdrawals.list()).toEqual([]);
        expect(await s.ledger.settleWithdrawal(all)).toEqual({
          amount: 0,
          numProofs: 0,
          remaining: 0,
        });
        expect(await events(s)).toHaveLength(1);
      });

      it('a refund token is recorded as a refund linked to its sale', async () => {
        const s = fresh();
        await s.proofs.add([proof('w1', 4)], MINT_A);
        const refund = { refundOf: 7, method: 'ecash' as const, reference: 'R-1' };
        await s.withdrawals.put(token(['w1'], { refund }));
        await s.ledger.settleWithdrawal({ withdrawalId: 'wd', spentSecrets: ['w1'] });
        const [event] = await events(s);
        expect(event).toMatchObject({ type: 'refund', amount: 4 });
        expect(JSON.parse(event!.metadata!)).toEqual({ numProofs: 1, ...refund });
      });
    });

    describe('finishConsolidation', () => {
      /** A consolidation swap journalled at MINT_A, then finished: `inputs` become `outputs`. */
      async function swap(
        s: LedgerUnderTest,
        journalId: string,
        inputs: string[],
        outputs: NewProof[],
        cancels?: string,
      ): Promise<void> {
        await s.withdrawals.put(consolidationJournal(journalId, inputs, cancels));
        await s.ledger.finishConsolidation({
          journalId,
          mintUrl: MINT_A,
          inputSecrets: inputs,
          outputs,
          ...(cancels ? { cancels } : {}),
        });
      }

      it('puts the outputs in place of the inputs and closes the journal row, recording nothing', async () => {
        const s = fresh();
        await s.proofs.add([proof('i1', 4), proof('i2', 8)], MINT_A);
        await swap(s, 'j1', ['i1', 'i2'], [proof('o8', 8), proof('o4', 4)]);
        expect((await s.proofs.listUnspent()).map((p) => p.secret).sort()).toEqual(['o4', 'o8']);
        expect(await s.proofs.stats()).toMatchObject({ totalProofs: 2, totalBalance: 12 });
        expect(await s.withdrawals.list()).toEqual([]);
        expect(await events(s)).toEqual([]);
      });

      it('closes the token it cancels once its last proof is swapped, recording the fee', async () => {
        const s = fresh();
        await s.proofs.add([proof('t1', 4), proof('t2', 8)], MINT_A);
        const cancelled = { id: 'tok', mintUrl: MINT_A, token: 'cashuB', secrets: ['t1', 't2'] };
        await s.withdrawals.put({ ...cancelled, amount: 12, createdAt: 1, cancelFee: 1 });
        await swap(s, 'j1', ['t1'], [proof('o3', 3)], 'tok');
        // One proof of the token is left: it stays, carrying the fee so far.
        expect((await s.withdrawals.list()).map((w) => [w.id, w.cancelFee])).toEqual([['tok', 2]]);
        expect(await events(s)).toEqual([]);
        await swap(s, 'j2', ['t2'], [proof('o7', 7)], 'tok');
        expect(await s.withdrawals.list()).toEqual([]);
        expect(await s.proofs.balance()).toBe(10);
        const [event, ...others] = await events(s);
        expect(others).toEqual([]);
        expect(event).toMatchObject({ type: 'token-cancelled', amount: 3, mintUrl: MINT_A });
        expect(JSON.parse(event!.metadata!)).toEqual({ tokenAmount: 12, fee: 3, numProofs: 2 });
      });

      it('a token already settled as redeemed is left alone', async () => {
        const s = fresh();
        await s.proofs.add([proof('t1', 4)], MINT_A);
        await swap(s, 'j1', ['t1'], [proof('o4', 4)], 'gone');
        expect(await s.withdrawals.list()).toEqual([]);
        expect(await events(s)).toEqual([]);
        expect(await s.proofs.balance()).toBe(4);
      });
    });

    // docs/decisions/0067-amounts-carry-their-unit.md: sats and cents side by side, never summed.
    describe('proofs of another unit', () => {
      it('settles a usd quote without a cent in the sat balance, listed and totalled apart', async () => {
        const s = fresh();
        await s.proofs.add([proof('s16', 16)], MINT_A);
        await s.quotes.put(quote('q1', { amount: 350 }));
        const settled = await s.ledger.settleMintQuote(
          settleQ1({ proofs: [centsProof('u256', 256), centsProof('u94', 94)] }),
        );
        // The stored totals a payment's update carries: each unit apart, never summed.
        expect(settled).toEqual({ settled: true, balance: 16, balances: { sat: 16, usd: 350 } });
        expect(await s.proofs.balance(MINT_A)).toBe(16);
        expect(await s.proofs.balancesByMint()).toEqual({ [MINT_A]: 16 });
        expect((await s.proofs.stats()).totalBalance).toBe(16);
        expect(await s.proofs.unitBalances()).toEqual([
          { mintUrl: MINT_A, amount: { unit: 'sat', minor: 16 } },
          { mintUrl: MINT_A, amount: { unit: 'usd', minor: 350 } },
        ]);
        const secrets = async (unit?: 'usd' | 'all') =>
          (await s.proofs.listUnspent(MINT_A, unit)).map((p) => p.secret).sort();
        expect(await secrets()).toEqual(['s16']);
        expect((await s.proofs.listUnspent()).map((p) => p.secret)).toEqual(['s16']);
        expect(await secrets('usd')).toEqual(['u256', 'u94']);
        expect(await secrets('all')).toEqual(['s16', 'u256', 'u94']);
        expect((await s.proofs.listUnspent(MINT_A, 'usd'))[0]?.unit).toBe('usd');
      });

      it('keeps each unit total exact through spends, removals and swaps', async () => {
        const s = fresh();
        await s.proofs.add(
          [proof('s8', 8), centsProof('u100', 100), centsProof('u50', 50)],
          MINT_A,
        );
        await s.proofs.markSpent(['u50']);
        expect(await s.proofs.remove(['u100'])).toBe(1);
        await s.proofs.add([centsProof('u200', 200), centsProof('u25', 25)], MINT_A);
        await s.withdrawals.put(consolidationJournal('j1', ['u200', 'u25']));
        await s.ledger.finishConsolidation({
          journalId: 'j1',
          mintUrl: MINT_A,
          inputSecrets: ['u200', 'u25'],
          outputs: [centsProof('u225', 225)],
        });
        expect(await s.proofs.unitBalances()).toEqual([
          { mintUrl: MINT_A, amount: { unit: 'sat', minor: 8 } },
          { mintUrl: MINT_A, amount: { unit: 'usd', minor: 225 } },
        ]);
        expect(await s.proofs.balance()).toBe(8);
        expect(await s.proofs.stats()).toEqual({
          totalProofs: 1,
          unspentProofs: 1,
          spentProofs: 0,
          totalBalance: 8,
          totalSpent: 0,
        });
      });
    });
  });
}
