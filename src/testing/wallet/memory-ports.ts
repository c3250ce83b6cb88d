// In-memory implementations of the core ports for wallet tests, honouring the port contracts.
import { MemoryProcessedQuoteStore } from '../remote-payments/memory-processed-quotes';
import { PendingQuoteLimitError } from '../../core/errors';
import type { NewHistoryRow } from '../../storage/history/history-row';
import { paymentRow, tokenCancelledRow, withdrawalRow } from '../../storage/history/history-store';
import type {
  HistoryEvent,
  HistoryPage,
  HistoryStore,
  PaymentEventInput,
  WithdrawalEventInput,
} from '../../core/history-ports';
import type { KeyStore } from '../../core/keys/ports';
import type {
  ClaimOutcome,
  ProcessedQuote,
} from '../../core/remote-payments/merchant/processed-quote-ports';
import type { ConfigStore } from '../../core/settings/ports';
import type {
  FinishConsolidation,
  Ledger,
  RemoteQuoteLimit,
  SettleMintQuote,
  Settlement,
} from '../../core/wallet/ledger-ports';
import type { MintQuoteStore, PendingMintQuote } from '../../core/wallet/mint/ports';
import type {
  NewProof,
  ProofStats,
  ProofStore,
  StoredProof,
  UnitBalance,
  UnitFilter,
} from '../../core/wallet/proof-ports';
import { amountOf } from '../../core/units/amount';
import type { StoredBalances } from '../../core/events';
import { SAT, storedUnit } from '../../core/units/unit';
import type { PendingWithdrawal, WithdrawalStore } from '../../core/wallet/withdraw/ports';
import type { CounterSource } from '@cashu/cashu-ts';

type CounterRange = Awaited<ReturnType<CounterSource['reserve']>>;

function isSat(proof: StoredProof): boolean {
  return storedUnit(proof.unit) === SAT;
}

/** The tables, shared by the stores so a "restart" can build new services on the same data. */
export class MemoryDb {
  readonly proofs = new Map<string, StoredProof>();
  readonly history: HistoryEvent[] = [];
  readonly quotes = new Map<string, PendingMintQuote>();
  readonly processed = new Map<string, ProcessedQuote>();
  readonly withdrawals = new Map<string, PendingWithdrawal>();
  readonly counters = new Map<string, number>();
  readonly config = new Map<string, string>();
  readonly keys = new Map<string, Uint8Array | string>();
  private nextEventId = 1;

  constructor(readonly clock: () => number = Date.now) {}

  insertProofs(proofs: NewProof[], mintUrl: string): void {
    const now = this.clock();
    for (const p of proofs) {
      if (this.proofs.has(p.secret)) continue;
      const { unit, ...rest } = structuredClone(p);
      // Stored as Dexie stores it: a sat proof without a unit.
      const tagged = unit === undefined || unit === SAT ? rest : { ...rest, unit };
      this.proofs.set(p.secret, { ...tagged, mintUrl, createdAt: now, isSpent: false });
    }
  }

  /** A row made by storage's own row builders, so metadata and sale columns match Dexie's. */
  addRow(row: NewHistoryRow): number {
    const id = this.nextEventId++;
    this.history.push({ ...row, id } as HistoryEvent);
    return id;
  }

  removeProofs(secrets: string[]): StoredProof[] {
    const removed: StoredProof[] = [];
    for (const s of new Set(secrets)) {
      const p = this.proofs.get(s);
      if (p && this.proofs.delete(s)) removed.push(p);
    }
    return removed;
  }

  /** Unspent sats: proofs of other units are never counted (as Dexie's proofTotals). */
  balance(mintUrl?: string): number {
    let sum = 0;
    for (const p of this.proofs.values()) {
      if (!p.isSpent && isSat(p) && (mintUrl === undefined || p.mintUrl === mintUrl)) {
        sum += p.amount;
      }
    }
    return sum;
  }

  /** Every unit's unspent total over every mint, sats always (as Dexie's storedBalances). */
  balances(): StoredBalances {
    const balances: StoredBalances = { sat: 0 };
    for (const p of this.proofs.values()) {
      if (p.isSpent) continue;
      const unit = storedUnit(p.unit);
      balances[unit] = (balances[unit] ?? 0) + p.amount;
    }
    return balances;
  }
}

export class MemoryProofStore implements ProofStore {
  constructor(private readonly db: MemoryDb) {}

  async add(proofs: NewProof[], mintUrl: string): Promise<void> {
    this.db.insertProofs(proofs, mintUrl);
  }

  async markSpent(secrets: string[]): Promise<void> {
    for (const s of secrets) {
      const p = this.db.proofs.get(s);
      if (p) p.isSpent = true;
    }
  }

  async remove(secrets: string[]): Promise<number> {
    let n = 0;
    for (const s of secrets) if (this.db.proofs.delete(s)) n++;
    return n;
  }

  async listUnspent(mintUrl?: string, unit: UnitFilter = SAT): Promise<StoredProof[]> {
    return [...this.db.proofs.values()]
      .filter((p) => !p.isSpent && (mintUrl === undefined || p.mintUrl === mintUrl))
      .filter((p) => unit === 'all' || storedUnit(p.unit) === unit)
      .map((p) => structuredClone(p));
  }

  async unspentOf(secrets: string[]): Promise<Set<string>> {
    return new Set(secrets.filter((s) => this.db.proofs.get(s)?.isSpent === false));
  }

  async balance(mintUrl?: string): Promise<number> {
    return this.db.balance(mintUrl);
  }

  async balancesByMint(): Promise<Record<string, number>> {
    const sums: Record<string, number> = {};
    for (const p of this.db.proofs.values()) {
      if (!p.isSpent && isSat(p)) sums[p.mintUrl] = (sums[p.mintUrl] ?? 0) + p.amount;
    }
    return Object.fromEntries(Object.entries(sums).filter(([, sats]) => sats > 0));
  }

  async unitBalances(): Promise<UnitBalance[]> {
    const sums = new Map<string, UnitBalance>();
    for (const p of this.db.proofs.values()) {
      if (p.isSpent) continue;
      const unit = storedUnit(p.unit);
      const key = `${unit} ${p.mintUrl}`;
      const was = sums.get(key)?.amount.minor ?? 0;
      sums.set(key, { mintUrl: p.mintUrl, amount: amountOf(was + p.amount, unit) });
    }
    // Sats first, then the other units, as Dexie reads its two totals tables.
    return [...sums.values()]
      .filter((b) => b.amount.minor > 0)
      .sort((a, b) => Number(b.amount.unit === SAT) - Number(a.amount.unit === SAT));
  }

  async stats(): Promise<ProofStats> {
    const all = [...this.db.proofs.values()].filter(isSat);
    const spent = all.filter((p) => p.isSpent);
    return {
      totalProofs: all.length,
      unspentProofs: all.length - spent.length,
      spentProofs: spent.length,
      totalBalance: this.db.balance(),
      totalSpent: spent.reduce((s, p) => s + p.amount, 0),
    };
  }
}

export class MemoryHistoryStore implements HistoryStore {
  constructor(private readonly db: MemoryDb) {}

  async addPayment(event: PaymentEventInput): Promise<number> {
    return this.db.addRow(paymentRow(event, this.db.clock()));
  }

  async addWithdrawal(event: WithdrawalEventInput): Promise<number> {
    return this.db.addRow(withdrawalRow(event, this.db.clock()));
  }

  async page(page: number, pageSize = 10): Promise<HistoryPage> {
    const newest = [...this.db.history].reverse();
    const start = (page - 1) * pageSize;
    return {
      events: newest.slice(start, start + pageSize),
      total: newest.length,
      page,
      pageSize,
    };
  }
}

export class MemoryMintQuoteStore implements MintQuoteStore {
  constructor(
    private readonly db: MemoryDb,
    /** the counters over the same data: given, `reserveOutputs` reserves and records at once */
    counters?: MemoryCounterSource,
  ) {
    if (counters) {
      this.reserveOutputs = async (quote, wanted) => {
        const range = await counters.reserve(wanted.keysetId, wanted.count);
        const reservation = { keysetId: wanted.keysetId, start: range.start, count: range.count };
        await this.update(quote, { reservation, state: 'PAID' });
        return reservation;
      };
    }
  }

  reserveOutputs?: MintQuoteStore['reserveOutputs'];

  async put(quote: PendingMintQuote): Promise<void> {
    this.db.quotes.set(quote.quote, structuredClone(quote));
  }

  async get(quote: string): Promise<PendingMintQuote | undefined> {
    const row = this.db.quotes.get(quote);
    return row && structuredClone(row);
  }

  async list(): Promise<PendingMintQuote[]> {
    return [...this.db.quotes.values()].map((q) => structuredClone(q));
  }

  async update(quote: string, changes: Partial<Omit<PendingMintQuote, 'quote'>>): Promise<void> {
    const row = this.db.quotes.get(quote);
    if (!row) return;
    const next = { ...row, ...structuredClone(changes) } as PendingMintQuote;
    // An explicit undefined clears the field, as Dexie's update does.
    for (const [k, v] of Object.entries(changes)) {
      if (v === undefined) delete (next as unknown as Record<string, unknown>)[k];
    }
    this.db.quotes.set(quote, next);
  }

  async remove(quote: string): Promise<void> {
    this.db.quotes.delete(quote);
  }
}

export class MemoryLedger implements Ledger {
  constructor(private readonly db: MemoryDb) {}

  /** The pending row is the "not yet settled" token: whoever deletes it records the payment. */
  async settleMintQuote(args: SettleMintQuote): Promise<Settlement> {
    if (!this.db.quotes.has(args.quote)) return { settled: false, balance: this.db.balance() };
    this.db.insertProofs(args.proofs, args.mintUrl);
    this.db.addRow(paymentRow(args.event, this.db.clock()));
    this.db.quotes.delete(args.quote);
    return { settled: true, balance: this.db.balance(), balances: this.db.balances() };
  }

  async settleWithdrawal(args: {
    withdrawalId: string;
    spentSecrets: string[];
  }): Promise<{ amount: number; numProofs: number; remaining: number }> {
    const withdrawal = this.db.withdrawals.get(args.withdrawalId);
    if (!withdrawal) return { amount: 0, numProofs: 0, remaining: 0 };
    // Only this withdrawal's proofs: a secret reported spent elsewhere is not ours to delete.
    const ours = new Set(withdrawal.secrets);
    const deleted = this.db.removeProofs(args.spentSecrets.filter((s) => ours.has(s)));
    const amount = sumAmounts(deleted);
    if (deleted.length > 0) {
      const { mintUrl, refund } = withdrawal;
      const event = { amount, mintUrl, numProofs: deleted.length, ...(refund ? { refund } : {}) };
      this.db.addRow(withdrawalRow(event, this.db.clock()));
    }
    const remaining = withdrawal.secrets.filter((s) => this.db.proofs.has(s)).length;
    if (remaining === 0) this.db.withdrawals.delete(withdrawal.id);
    return { amount, numProofs: deleted.length, remaining };
  }

  // Each method below runs without awaiting, so each is atomic like a transaction.
  async claimRemoteQuote(quote: PendingMintQuote, limit?: RemoteQuoteLimit): Promise<boolean> {
    if (this.db.processed.has(quote.quote)) return false;
    if (limit && quote.state === 'UNPAID') {
      const unpaid = [...this.db.quotes.values()].filter(
        (row) => row.kind === 'remote' && row.state === 'UNPAID' && !row.reservation,
      );
      let excess = unpaid.length - limit.maxUnpaid + 1;
      const expired = unpaid
        .filter((row) => row.expiry !== null && row.expiry <= limit.nowSeconds)
        .sort((a, b) => (a.expiry ?? 0) - (b.expiry ?? 0));
      if (excess > expired.length) {
        throw new PendingQuoteLimitError(`${limit.maxUnpaid} unpaid remote quotes are tracked`);
      }
      for (const row of expired) {
        if (excess <= 0) break;
        this.db.quotes.delete(row.quote);
        const claim = this.db.processed.get(row.quote);
        if (claim) claim.outcome = 'expired';
        excess -= 1;
      }
    }
    this.db.processed.set(quote.quote, {
      quoteId: quote.quote,
      amount: quote.amount,
      processedAt: this.db.clock(),
      mintUrl: quote.mintUrl,
      ...(quote.receipt ? { receipt: quote.receipt } : {}),
    });
    if (!this.db.quotes.has(quote.quote)) this.db.quotes.set(quote.quote, structuredClone(quote));
    return true;
  }

  async closeMintQuote(quote: string, outcome: ClaimOutcome): Promise<void> {
    this.db.quotes.delete(quote);
    const claim = this.db.processed.get(quote);
    if (claim) claim.outcome = outcome;
  }

  async unsettledClaims(): Promise<ProcessedQuote[]> {
    const recorded = new Set(this.db.history.map((e) => e.quoteId));
    return [...this.db.processed.values()]
      .filter((row) => !row.outcome && !this.db.quotes.has(row.quoteId))
      .filter((row) => !recorded.has(row.quoteId))
      .map((row) => ({ ...row }));
  }

  async reopenClaim(quote: PendingMintQuote): Promise<boolean> {
    if (this.db.quotes.has(quote.quote)) return false;
    if (this.db.history.some((e) => e.quoteId === quote.quote)) return false;
    this.db.quotes.set(quote.quote, structuredClone(quote));
    const claim = this.db.processed.get(quote.quote);
    if (claim) claim.mintUrl = quote.mintUrl;
    return true;
  }

  async finishConsolidation(args: FinishConsolidation): Promise<void> {
    const deleted = this.db.removeProofs(args.inputSecrets);
    this.db.insertProofs(args.outputs, args.mintUrl);
    this.db.withdrawals.delete(args.journalId);
    if (args.cancels === undefined) return;
    const token = this.db.withdrawals.get(args.cancels);
    // Gone: the spent watch settled it as redeemed (then nothing of ours was signed).
    if (!token) return;
    const fee =
      (token.cancelFee ?? 0) + Math.max(0, sumAmounts(deleted) - sumAmounts(args.outputs));
    if (token.secrets.some((s) => this.db.proofs.has(s))) {
      // More swaps of this cancel to come: the token keeps what is still stored.
      token.cancelFee = fee;
      return;
    }
    this.db.withdrawals.delete(token.id);
    const cancelled = {
      tokenAmount: token.amount,
      fee,
      mintUrl: token.mintUrl,
      numProofs: token.secrets.length,
    };
    this.db.addRow(tokenCancelledRow(cancelled, this.db.clock()));
  }
}

function sumAmounts(rows: Array<{ amount: number }>): number {
  return rows.reduce((sum, row) => sum + row.amount, 0);
}

/** The withdrawal rows the ledger settles; no putToken (its refund checks live in storage). */
export class MemoryWithdrawals implements Pick<WithdrawalStore, 'put' | 'list' | 'remove'> {
  constructor(private readonly db: MemoryDb) {}

  async put(withdrawal: PendingWithdrawal): Promise<void> {
    this.db.withdrawals.set(withdrawal.id, structuredClone(withdrawal));
  }

  async list(): Promise<PendingWithdrawal[]> {
    return [...this.db.withdrawals.values()]
      .sort((a, b) => a.createdAt - b.createdAt)
      .map((w) => structuredClone(w));
  }

  async remove(id: string): Promise<void> {
    this.db.withdrawals.delete(id);
  }
}

/** Per-keyset counters; every method body runs without awaiting, so each is atomic. */
export class MemoryCounterSource implements CounterSource {
  /** every reservation handed out, for assertions on overlap */
  readonly reservations: Array<{ keysetId: string } & CounterRange> = [];

  constructor(private readonly db: MemoryDb) {}

  private current(keysetId: string): number {
    return this.db.counters.get(keysetId) ?? 0;
  }

  async reserve(keysetId: string, n: number): Promise<CounterRange> {
    const start = this.current(keysetId);
    if (n === 0) return { start, count: 0 };
    this.db.counters.set(keysetId, start + n);
    this.reservations.push({ keysetId, start, count: n });
    return { start, count: n };
  }

  async reserveAt(keysetId: string, start: number, count: number): Promise<CounterRange> {
    const current = this.current(keysetId);
    if (start < current) throw new Error(`Counter ${start} was already issued (next ${current})`);
    this.db.counters.set(keysetId, start + count);
    this.reservations.push({ keysetId, start, count });
    return { start, count };
  }

  async advanceToAtLeast(keysetId: string, minNext: number): Promise<void> {
    if (minNext > this.current(keysetId)) this.db.counters.set(keysetId, minNext);
  }

  async setNext(keysetId: string, next: number): Promise<void> {
    this.db.counters.set(keysetId, next);
  }

  async snapshot(): Promise<Record<string, number>> {
    return Object.fromEntries(this.db.counters);
  }
}

export class MemoryConfigStore implements ConfigStore {
  constructor(
    private readonly db: MemoryDb,
    private readonly defaults: { mintUrl: string; relays: string[] } = {
      mintUrl: 'http://127.0.0.1:3338',
      relays: ['ws://127.0.0.1:7777'],
    },
  ) {}

  async getMintUrl(): Promise<string> {
    const url = this.db.config.get('MINT_URL');
    if (url) return url;
    this.db.config.set('MINT_URL', this.defaults.mintUrl);
    return this.defaults.mintUrl;
  }

  async setMintUrl(url: string): Promise<void> {
    this.db.config.set('MINT_URL', url);
  }

  async getRelays(): Promise<string[]> {
    try {
      const parsed: unknown = JSON.parse(this.db.config.get('RELAYS') ?? '');
      if (Array.isArray(parsed)) return parsed as string[];
    } catch {
      // fall through to the default
    }
    this.db.config.set('RELAYS', JSON.stringify(this.defaults.relays));
    return [...this.defaults.relays];
  }

  async setRelays(relays: string[]): Promise<void> {
    this.db.config.set('RELAYS', JSON.stringify(relays));
  }

  async saveSettings(settings: { mintUrl: string; relays: string[] }): Promise<void> {
    this.db.config.set('MINT_URL', settings.mintUrl);
    this.db.config.set('RELAYS', JSON.stringify(settings.relays));
  }

  async getShopName(): Promise<string> {
    return this.db.config.get('SHOP_NAME') ?? '';
  }

  async setShopName(name: string): Promise<void> {
    this.db.config.set('SHOP_NAME', name);
  }

  async isOnboarded(): Promise<boolean> {
    return this.db.config.get('ONBOARDED') === 'true';
  }

  async setOnboarded(onboarded: boolean): Promise<void> {
    this.db.config.set('ONBOARDED', String(onboarded));
  }

  async getCounter(): Promise<number> {
    const n = Number(this.db.config.get('COUNTER'));
    return Number.isFinite(n) ? n : 0;
  }

  async setCounter(value: number): Promise<void> {
    this.db.config.set('COUNTER', String(Math.trunc(value)));
  }

  async incrementCounter(by = 1): Promise<number> {
    const next = (await this.getCounter()) + by;
    this.db.config.set('COUNTER', String(next));
    return next;
  }

  async decrementCounter(by = 1): Promise<number> {
    return this.incrementCounter(-by);
  }
}

export class MemoryKeyStore implements KeyStore {
  constructor(private readonly db: MemoryDb) {}

  async getSecretKey(): Promise<Uint8Array | undefined> {
    return this.db.keys.get('nostr-sk') as Uint8Array | undefined;
  }

  async setSecretKey(secretKey: Uint8Array): Promise<void> {
    this.db.keys.set('nostr-sk', secretKey);
  }

  async getMnemonic(): Promise<string | undefined> {
    return this.db.keys.get('mnemonic') as string | undefined;
  }

  async getSeed(): Promise<Uint8Array | undefined> {
    return this.db.keys.get('bip39-seed') as Uint8Array | undefined;
  }

  async saveWalletKeys(keys: {
    secretKey: Uint8Array;
    mnemonic: string;
    seed: Uint8Array;
  }): Promise<void> {
    this.db.keys.set('nostr-sk', keys.secretKey);
    this.db.keys.set('mnemonic', keys.mnemonic);
    this.db.keys.set('bip39-seed', keys.seed);
  }
}

/** All the stores over one MemoryDb. */
export function memoryPorts(db = new MemoryDb()) {
  const counters = new MemoryCounterSource(db);
  return {
    db,
    config: new MemoryConfigStore(db),
    keys: new MemoryKeyStore(db),
    quotes: new MemoryMintQuoteStore(db, counters),
    ledger: new MemoryLedger(db),
    processedQuotes: new MemoryProcessedQuoteStore(db.clock, db.processed),
    proofs: new MemoryProofStore(db),
    history: new MemoryHistoryStore(db),
    counters,
    withdrawals: new MemoryWithdrawals(db),
  };
}
