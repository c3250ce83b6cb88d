// PaymentService against the real dev mint: invoices become stored proofs, faults lose no sat.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { CheckStateEnum, Wallet, injectWebSocketImpl } from '@cashu/cashu-ts';
import { mnemonicToSeedSync, generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { startMint, type DevMint } from '../../../../dev/mint/server';
import {
  MintRefusedError,
  MintUnreachableError,
  MissingDataError,
  ValidationError,
} from '../../errors';
import type { PendingMintQuote } from '../mint/ports';
import type { StoredProof } from '../proof-ports';
import { mintReserved, outputCountFor } from '../mint/deterministic-mint';
import { lockPubkeyForNostrKey } from '../mint/nut20-key';
import { inProcessQuoteLock, type QuoteLock } from '../../cross-tab-lock';
import { paymentHarness, type PaymentHarness } from '../../../testing/wallet/payment-harness';
import type { HarnessOptions } from '../../../testing/wallet/payment-harness';

injectWebSocketImpl(WebSocket as unknown as typeof globalThis.WebSocket);

const WAIT = { timeout: 15_000, interval: 20 };
const dirs: string[] = [];
const harnesses: PaymentHarness[] = [];
let mint: DevMint;

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cashew-wallet-'));
  dirs.push(dir);
  return dir;
}

function newSeed(): Uint8Array {
  return mnemonicToSeedSync(generateMnemonic(wordlist));
}

function harness(options: Partial<HarnessOptions> = {}): PaymentHarness {
  const h = paymentHarness({ mintUrl: mint.url, seed: newSeed(), ...options });
  harnesses.push(h);
  return h;
}

async function mintView(proofs: StoredProof[], url = mint.url) {
  const wallet = new Wallet(url, { unit: 'sat' });
  await wallet.loadMint();
  return wallet.checkProofsStates(proofs.map((p) => ({ secret: p.secret, id: p.id })));
}

/** Whether the mint reports every one of `proofs` unspent. */
async function allUnspentAtMint(proofs: StoredProof[], url = mint.url): Promise<boolean> {
  const states = await mintView(proofs, url);
  return states.every((s) => s.state === CheckStateEnum.UNSPENT);
}

/** A fresh unpaid quote of `amount` sats at the dev mint, as a pending row of `kind`. */
async function unpaidQuoteRow(
  h: PaymentHarness,
  amount: number,
  kind: 'direct' | 'remote',
): Promise<PendingMintQuote> {
  const seedless = await h.wallets.getSeedlessWallet(mint.url);
  const q = await seedless.createMintQuoteBolt11(amount);
  return {
    quote: q.quote,
    mintUrl: mint.url,
    amount,
    request: q.request,
    kind,
    state: 'UNPAID',
    createdAt: Date.now(),
    expiry: q.expiry ?? null,
  };
}

function storedProofs(h: PaymentHarness): StoredProof[] {
  return [...h.db.proofs.values()];
}

beforeAll(async () => {
  mint = await startMint({ port: 0, fresh: true, dataDir: tempDir() });
});

afterEach(async () => {
  mint.clearFaults();
  await Promise.all(harnesses.splice(0).map((h) => h.shutdown()));
});

afterAll(async () => {
  await mint.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('createInvoice', () => {
  it('persists the quote the moment it exists, as a direct unpaid quote', async () => {
    const h = harness();
    const quote = await h.service.createInvoice({ amount: 21 });
    expect(quote).toMatchObject({ amount: 21, kind: 'direct', state: 'UNPAID', mintUrl: mint.url });
    expect(quote.request).toMatch(/^lnbc/);
    expect(await h.quotes.get(quote.quote)).toMatchObject({ quote: quote.quote, amount: 21 });
    expect(mint.mintQuote(quote.quote)?.state).toBe('UNPAID');
  });

  it('refuses amounts that are not positive whole sats', async () => {
    const h = harness();
    for (const amount of [0, -5, 1.5, Number.NaN]) {
      await expect(h.service.createInvoice({ amount })).rejects.toBeInstanceOf(ValidationError);
    }
    expect(await h.quotes.list()).toEqual([]);
  });

  it("fails with MintUnreachableError 'Network request failed' when the mint is down", async () => {
    const h = harness({ mintUrl: 'http://127.0.0.1:1' });
    const error = await h.service.createInvoice({ amount: 10 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MintUnreachableError);
    expect((error as Error).message).toBe('Network request failed');
    expect(await h.quotes.list()).toEqual([]);
  });

  it('needs a seed to take payments', async () => {
    const h = harness({ seed: undefined });
    const error = await h.service.createInvoice({ amount: 10 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingDataError);
    expect((error as Error).message).toBe('Can not instantiate wallet without seed in DB.');
  });
});

describe('a new invoice’s watch', () => {
  it('starts only when the app says the invoice is shown, after the quote is stored', async () => {
    const later: (() => void)[] = [];
    const h = harness({ afterShown: (run) => later.push(run) });
    const sockets = mint.webSocketCount();
    const quote = await h.service.createInvoice({ amount: 21 });
    // Stored before it is returned to be shown; no subscription yet.
    expect(await h.quotes.get(quote.quote)).toMatchObject({ quote: quote.quote, amount: 21 });
    expect(later).toHaveLength(1);
    expect(mint.webSocketCount()).toBe(sockets);
    // Paid before its watch starts: the watch's first look finds it.
    await mint.pay(quote.quote);
    later.splice(0).forEach((run) => run());
    await expect.poll(() => h.settled.length, WAIT).toBe(1);
    expect(h.settled[0]).toMatchObject({ amount: 21 });
    expect(await h.quotes.get(quote.quote)).toBeUndefined();
  });
});

describe('prepareInvoices', () => {
  it("loads the mint's keys before the first sale, so that sale only asks for a quote", async () => {
    const h = harness();
    await h.service.prepareInvoices();
    // Keysets and keys refused from now on: a first sale that still needed them would fail.
    mint.addFault({ path: '/v1/keysets*', action: 'error500' });
    mint.addFault({ path: '/v1/keys*', action: 'error500' });
    const quote = await h.service.createInvoice({ amount: 21 });
    expect(mint.mintQuote(quote.quote)?.state).toBe('UNPAID');
  });

  it('a prepared sale reads neither the seed nor the mint URL before it asks the mint', async () => {
    const h = harness();
    await h.service.prepareInvoices();
    const asked = vi.spyOn(await h.wallets.getWallet(mint.url), 'createMintQuoteBolt11');
    const seedReads = vi.spyOn(h.keys, 'getSeed');
    let urlRead: (() => void) | undefined;
    const read = h.config.getMintUrl.bind(h.config);
    vi.spyOn(h.config, 'getMintUrl').mockImplementation(
      () => new Promise((resolve) => (urlRead = () => void read().then(resolve))),
    );
    const sale = h.service.createInvoice({ amount: 21 });
    // The quote is made at the mint while the stored URL is still being read.
    await expect.poll(() => asked.mock.results.length, WAIT).toBe(1);
    const early = await (asked.mock.results[0]!.value as ReturnType<typeof asked>);
    expect(mint.mintQuote(early.quote)?.state).toBe('UNPAID');
    expect(await h.quotes.list()).toEqual([]);
    urlRead!();
    const quote = await sale;
    expect(quote).toMatchObject({ quote: early.quote, amount: 21, mintUrl: mint.url });
    expect(await h.quotes.get(quote.quote)).toMatchObject({ amount: 21 });
    expect(seedReads).not.toHaveBeenCalled();
  });

  it('a sale after the mint changed is made and stored at the new mint', async () => {
    const h = harness();
    await h.service.prepareInvoices();
    const other = await startMint({ port: 0, fresh: true, dataDir: tempDir() });
    try {
      await h.config.setMintUrl(other.url);
      const quote = await h.service.createInvoice({ amount: 21 });
      expect(quote).toMatchObject({ amount: 21, mintUrl: other.url });
      expect(other.mintQuote(quote.quote)?.state).toBe('UNPAID');
      expect(await h.quotes.get(quote.quote)).toMatchObject({ mintUrl: other.url });
      expect(await h.quotes.list()).toHaveLength(1);
    } finally {
      await h.shutdown();
      await other.close();
    }
  });

  it('never rejects when the mint is down; the sale then tries again', async () => {
    const h = harness({ mintUrl: 'http://127.0.0.1:1' });
    await expect(h.service.prepareInvoices()).resolves.toBeUndefined();
    await expect(h.service.createInvoice({ amount: 10 })).rejects.toBeInstanceOf(
      MintUnreachableError,
    );
  });
});

describe('a paid invoice', () => {
  it('ends as exactly the paid amount in stored proofs, one history event and a wallet update', async () => {
    const h = harness();
    const quote = await h.service.createInvoice({ amount: 100 });
    h.service.setForeground(quote);
    await mint.pay(quote.quote);
    await expect.poll(() => h.settled.length, WAIT).toBe(1);

    expect(h.balance()).toBe(100);
    expect(await h.quotes.list()).toEqual([]);
    expect(h.db.history).toHaveLength(1);
    expect(h.db.history[0]).toMatchObject({
      type: 'direct-payment',
      amount: 100,
      mintUrl: mint.url,
      quoteId: quote.quote,
    });
    expect(JSON.parse(h.db.history[0]?.metadata ?? '{}')).toEqual({ request: quote.request });
    expect(h.updates).toEqual([{ reason: 'payment', amount: 100, balances: { sat: 100 } }]);
    expect(h.settled[0]).toMatchObject({ amount: 100, kind: 'direct', balance: 100 });
    expect(h.settled[0]?.quote.quote).toBe(quote.quote);

    expect(await allUnspentAtMint(storedProofs(h))).toBe(true);
    expect(mint.mintQuote(quote.quote)?.state).toBe('ISSUED');
  });

  it('uses deterministic secrets from the seed, one counter per proof on the active keyset', async () => {
    const seed = newSeed();
    const h = harness({ seed });
    const quote = await h.service.createInvoice({ amount: 77 }); // 64 + 8 + 4 + 1
    await mint.pay(quote.quote);
    await expect.poll(() => h.settled.length, WAIT).toBe(1);

    const proofs = storedProofs(h);
    const keysetId = proofs[0]?.id ?? '';
    expect(h.db.counters.get(keysetId)).toBe(proofs.length);

    // Anyone with the phrase finds these very proofs again (NUT-09 restore of counters 0..n).
    const restorer = new Wallet(mint.url, { unit: 'sat', bip39seed: seed });
    await restorer.loadMint();
    const { proofs: restored } = await restorer.restore(0, proofs.length, { keysetId });
    expect(restored.map((p) => p.secret).sort()).toEqual(proofs.map((p) => p.secret).sort());
  });

  it('two payments minting at once never share a counter', async () => {
    const h = harness();
    const a = await h.service.createInvoice({ amount: 13 });
    const b = await h.service.createInvoice({ amount: 29 });
    await Promise.all([mint.pay(a.quote), mint.pay(b.quote)]);
    await expect.poll(() => h.settled.length, WAIT).toBe(2);

    expect(h.balance()).toBe(42);
    const proofs = storedProofs(h);
    expect(new Set(proofs.map((p) => p.secret)).size).toBe(proofs.length);
    const ranges = h.counters.reservations.map((r) => [r.start, r.start + r.count] as const);
    expect(ranges).toHaveLength(2);
    const [first, second] = [...ranges].sort((x, y) => x[0] - y[0]);
    expect(first?.[1]).toBeLessThanOrEqual(second?.[0] ?? -1);
    expect(h.db.counters.get(proofs[0]?.id ?? '')).toBe(proofs.length);
    expect(await allUnspentAtMint(proofs)).toBe(true);
  });
});

describe('resuming', () => {
  it('a merchant who closed the tab gets the sats on the next visit', async () => {
    const seed = newSeed();
    const first = harness({ seed });
    const quote = await first.service.createInvoice({ amount: 55 });
    await first.shutdown(); // tab closed before the customer pays
    await mint.pay(quote.quote);

    const next = harness({ seed, db: first.db });
    await next.service.resumeAll();
    await expect.poll(() => next.settled.length, WAIT).toBe(1);
    expect(next.balance()).toBe(55);
    expect(next.db.history).toHaveLength(1);
    expect(await next.quotes.list()).toEqual([]);
  });

  it('keeps watching unpaid quotes after a restart and mints when they are paid', async () => {
    const seed = newSeed();
    const first = harness({ seed });
    const quote = await first.service.createInvoice({ amount: 8 });
    await first.shutdown();

    const next = harness({ seed, db: first.db });
    await next.service.resumeAll();
    expect(await next.quotes.get(quote.quote)).toBeDefined();
    await mint.pay(quote.quote);
    await expect.poll(() => next.balance(), WAIT).toBe(8);
  });

  it('removes quotes that expired unpaid', async () => {
    const seed = newSeed();
    const first = harness({ seed });
    const quote = await first.service.createInvoice({ amount: 9 });
    await first.shutdown();

    const twoHoursLater = () => Date.now() + 2 * 3600_000;
    const next = harness({ seed, db: first.db, clock: twoHoursLater });
    await next.service.resumeAll();
    await expect.poll(() => next.failed.length, WAIT).toBe(1);
    expect(await next.quotes.list()).toEqual([]);
    expect(next.failed[0]?.error).toBeInstanceOf(MintRefusedError);
    expect(next.failed[0]?.quote.quote).toBe(quote.quote);
    expect(next.failed[0]).toMatchObject({
      success: false,
      reason: 'quote',
      errorText: 'Mint quote has expired',
      balance: 0,
    });
    expect(next.balance()).toBe(0);
  });
});

describe('payment processing failures', () => {
  it("reports reason 'processing' with the error text and the balance when storing the proofs throws", async () => {
    const h = harness();
    const first = await h.service.createInvoice({ amount: 5 });
    await mint.pay(first.quote);
    await expect.poll(() => h.balance(), WAIT).toBe(5);
    h.ledger.settleMintQuote = async () => {
      throw new Error('QuotaExceededError: the disk is full');
    };

    const quote = await h.service.createInvoice({ amount: 7 });
    await mint.pay(quote.quote);
    await expect.poll(() => h.failed.length, WAIT).toBe(1);

    expect(h.failed[0]).toMatchObject({
      quote: { quote: quote.quote },
      kind: 'direct',
      success: false,
      reason: 'processing',
      errorText: 'QuotaExceededError: the disk is full',
      balance: 5,
    });
    expect(h.failed[0]?.error.message).toBe('QuotaExceededError: the disk is full');
    // The signed proofs are still owed: the row (with its reservation) stays for recovery.
    expect(await h.quotes.get(quote.quote)).toMatchObject({ reservation: expect.anything() });
  });

  it("says 'Unknown error occurred' when processing throws something that is not an Error", async () => {
    const h = harness();
    h.ledger.settleMintQuote = () => Promise.reject('disk gone');
    const quote = await h.service.createInvoice({ amount: 3 });
    await mint.pay(quote.quote);
    await expect.poll(() => h.failed.length, WAIT).toBe(1);

    expect(h.failed[0]).toMatchObject({
      success: false,
      reason: 'processing',
      errorText: 'Unknown error occurred',
      balance: 0,
    });
  });
});

describe('faults', () => {
  it('recovers a mint whose response was lost after signing: exactly the paid amount, once', async () => {
    const h = harness();
    mint.addFault({ path: '/v1/mint/bolt11', method: 'POST', action: 'dropResponse', count: 1 });
    const quote = await h.service.createInvoice({ amount: 64 + 16 + 2 });
    await mint.pay(quote.quote);
    await expect.poll(() => h.settled.length, WAIT).toBe(1);
    await h.service.idle();

    expect(h.logs.some((l) => l.level === 'warn' && /recovering/.test(l.message))).toBe(true);
    expect(h.balance()).toBe(82);
    expect(h.db.history).toHaveLength(1);
    expect(h.updates).toEqual([{ reason: 'payment', amount: 82, balances: { sat: 82 } }]);
    expect(await h.quotes.list()).toEqual([]);
    const proofs = storedProofs(h);
    expect(proofs).toHaveLength(3);
    // recovery restored the reserved range; it did not mint with new counters
    expect(h.counters.reservations).toHaveLength(1);
    expect(await allUnspentAtMint(proofs)).toBe(true);
  });

  it('answers a 5xx before signing by re-sending the same outputs, not new counters', async () => {
    const h = harness();
    mint.addFault({ path: '/v1/mint/bolt11', method: 'POST', action: 'error500', count: 1 });
    const quote = await h.service.createInvoice({ amount: 5 });
    await mint.pay(quote.quote);
    await expect.poll(() => h.settled.length, WAIT).toBe(1);
    expect(h.logs.some((l) => l.level === 'warn' && /recovering/.test(l.message))).toBe(true);
    expect(h.balance()).toBe(5);
    expect(h.counters.reservations).toHaveLength(1);
    expect(h.db.history).toHaveLength(1);
  });

  it('finishes a paid quote through resumeAll after the mint was down and came back', async () => {
    const dataDir = tempDir();
    let local = await startMint({ port: 0, fresh: true, dataDir });
    const port = local.port;
    try {
      const seed = newSeed();
      const first = harness({ seed, mintUrl: local.url });
      const quote = await first.service.createInvoice({ amount: 34 });
      await first.shutdown();
      await local.pay(quote.quote);
      await local.close();

      const next = harness({ seed, db: first.db, mintUrl: local.url });
      await next.service.resumeAll();
      expect(next.balance()).toBe(0);
      expect(await next.quotes.get(quote.quote)).toBeDefined();
      expect(next.failed).toEqual([]);

      local = await startMint({ port, dataDir });
      await next.service.resumeAll();
      await expect.poll(() => next.settled.length, WAIT).toBe(1);
      expect(next.balance()).toBe(34);
      expect(next.db.history).toHaveLength(1);
      expect(await next.quotes.list()).toEqual([]);
      expect(await allUnspentAtMint(storedProofs(next), local.url)).toBe(true);
    } finally {
      await local.close();
    }
  });

  it('retries by itself after the mint died mid-request and came back, settling once', async () => {
    const dataDir = tempDir();
    let local = await startMint({ port: 0, fresh: true, dataDir });
    const port = local.port;
    try {
      const h = harness({ mintUrl: local.url });
      const quote = await h.service.createInvoice({ amount: 21 });
      local.addFault({ path: '/v1/mint/bolt11', method: 'POST', delayMs: 300, count: 1 });
      await local.pay(quote.quote);
      await expect.poll(() => h.counters.reservations.length, WAIT).toBe(1);
      await local.close(); // the mint request is cut off; signed or not, we can not know
      await expect.poll(() => h.logs.some((l) => /will retry/.test(l.message)), WAIT).toBe(true);
      expect(h.balance()).toBe(0);

      local = await startMint({ port, dataDir });
      await expect.poll(() => h.settled.length, WAIT).toBe(1);
      await h.service.idle();
      expect(h.balance()).toBe(21);
      expect(h.db.history).toHaveLength(1);
      expect(h.counters.reservations).toHaveLength(1);
      expect(await allUnspentAtMint(storedProofs(h), local.url)).toBe(true);
    } finally {
      await local.close();
    }
  });

  it('mints on the new keyset when the mint rotated its keys after the wallet loaded', async () => {
    const local = await startMint({ port: 0, fresh: true, dataDir: tempDir() });
    try {
      const h = harness({ mintUrl: local.url });
      const quote = await h.service.createInvoice({ amount: 10 }); // wallet loaded, bound to the old keyset
      const rotated = local.rotateKeyset();
      await local.pay(quote.quote);
      await expect.poll(() => h.settled.length + h.failed.length, WAIT).toBe(1);
      expect(h.failed).toEqual([]);
      expect(h.logs.some((l) => /rotated its keyset/.test(l.message))).toBe(true);
      expect(h.balance()).toBe(10);
      expect(storedProofs(h).every((p) => p.id === rotated.id)).toBe(true);
    } finally {
      await local.close();
    }
  });

  it('still completes by polling when every WebSocket is closed and refused', async () => {
    const h = harness();
    const quote = await h.service.createInvoice({ amount: 3 });
    await expect.poll(() => mint.webSocketCount(), WAIT).toBeGreaterThan(0);
    mint.addFault({ path: '/v1/ws', action: 'error500' });
    mint.closeWebSockets();
    await mint.pay(quote.quote);
    await expect.poll(() => h.settled.length, WAIT).toBe(1);
    expect(h.balance()).toBe(3);
  });

  it('reports a definite refusal via onFailed and keeps the quote for a later attempt', async () => {
    const h = harness();
    mint.addFault({
      path: '/v1/mint/bolt11',
      method: 'POST',
      action: 'refuse',
      code: 20003,
      detail: 'minting is disabled',
      count: 1,
    });
    const quote = await h.service.createInvoice({ amount: 12 });
    await mint.pay(quote.quote);
    await expect.poll(() => h.failed.length, WAIT).toBe(1);
    const failure = h.failed[0];
    expect(failure?.kind).toBe('direct');
    expect(failure?.quote.quote).toBe(quote.quote);
    expect(failure?.error).toBeInstanceOf(MintRefusedError);
    expect(failure?.error).toMatchObject({ message: 'minting is disabled', code: 20003 });
    expect(failure).toMatchObject({
      success: false,
      reason: 'quote',
      errorText: 'minting is disabled',
      balance: 0,
    });
    expect(h.balance()).toBe(0);
    expect(h.db.history).toEqual([]);
    expect(await h.quotes.get(quote.quote)).toBeDefined();

    await h.service.resumeAll();
    await expect.poll(() => h.balance(), WAIT).toBe(12);
    expect(h.db.history).toHaveLength(1);
  });
});

describe('crash recovery', () => {
  it('a quote signed just before the app died is settled from its reservation on resume', async () => {
    const seed = newSeed();
    const first = harness({ seed });
    const quote = await first.service.createInvoice({ amount: 20 });
    await first.shutdown();
    await mint.pay(quote.quote);

    // What the dead tab got done: counters reserved and saved on the row, the mint signed.
    const wallet = new Wallet(mint.url, { unit: 'sat', bip39seed: seed });
    await wallet.loadMint();
    const { keysetId, count } = outputCountFor(wallet, 20);
    const range = await first.counters.reserve(keysetId, count);
    const reservation = { keysetId, start: range.start, count };
    await first.quotes.update(quote.quote, { reservation, state: 'PAID' });
    await mintReserved(wallet, seed, { quote: quote.quote, amount: 20, reservation });
    expect(mint.mintQuote(quote.quote)?.state).toBe('ISSUED');

    const next = harness({ seed, db: first.db });
    await next.service.resumeAll();
    await expect.poll(() => next.settled.length, WAIT).toBe(1);
    expect(next.balance()).toBe(20);
    expect(next.db.history).toHaveLength(1);
    expect(next.counters.reservations).toEqual([]); // restored, not minted again
    expect(await next.quotes.list()).toEqual([]);
  });

  it('a quote issued to someone else is reported and removed, with nothing stored', async () => {
    const winner = harness();
    const loser = harness();
    const row = await unpaidQuoteRow(winner, 7, 'direct');
    await winner.service.track(row);
    await mint.pay(row.quote);
    await expect.poll(() => winner.settled.length, WAIT).toBe(1);

    await loser.service.track({ ...row, state: 'PAID' });
    await expect.poll(() => loser.failed.length, WAIT).toBe(1);
    expect(loser.failed[0]?.error).toMatchObject({ code: 20002 });
    expect(await loser.quotes.list()).toEqual([]);
    expect(loser.balance()).toBe(0);
    expect(loser.db.history).toEqual([]);
    expect(winner.balance()).toBe(7);
  });
});

describe('two tabs of one browser', () => {
  async function paidQuoteInTwoTabs(lock: QuoteLock) {
    const seed = newSeed();
    const tabA = harness({ seed, lock });
    const tabB = harness({ seed, db: tabA.db, lock });
    const quote = await tabA.service.createInvoice({ amount: 31 });
    await tabB.service.resumeAll(); // the second tab picks the pending quote up too
    await mint.pay(quote.quote);
    await expect.poll(() => tabA.settled.length + tabB.settled.length, WAIT).toBe(1);
    await Promise.all([tabA.service.idle(), tabB.service.idle()]);
    return { tabA, tabB, quote };
  }

  it('with a shared lock, one tab mints and the other finds the quote settled', async () => {
    const { tabA, tabB } = await paidQuoteInTwoTabs(inProcessQuoteLock());
    expect(tabA.balance()).toBe(31);
    expect(tabA.db.history).toHaveLength(1);
    expect([...tabA.failed, ...tabB.failed]).toEqual([]);
    expect(await tabA.quotes.list()).toEqual([]);
  });

  it('even without any lock, the paid amount is stored exactly once', async () => {
    const none: QuoteLock = (_name, critical) => critical();
    const { tabA } = await paidQuoteInTwoTabs(none);
    expect(tabA.balance()).toBe(31);
    expect(tabA.db.history).toHaveLength(1);
    expect(await tabA.quotes.list()).toEqual([]);
    expect(await allUnspentAtMint(storedProofs(tabA))).toBe(true);
  });
});

describe('restored wallet', () => {
  it('skips past counters an earlier install already used instead of failing', async () => {
    const seed = newSeed();
    const before = harness({ seed });
    const earlier = await before.service.createInvoice({ amount: 100 });
    await mint.pay(earlier.quote);
    await expect.poll(() => before.settled.length, WAIT).toBe(1);
    const used = storedProofs(before).length;

    // Same phrase on a new device: counters start at 0 again.
    const after = harness({ seed });
    const quote = await after.service.createInvoice({ amount: 50 });
    await mint.pay(quote.quote);
    await expect.poll(() => after.settled.length, WAIT).toBe(1);

    expect(after.balance()).toBe(50);
    expect(after.failed).toEqual([]);
    expect(after.db.history).toHaveLength(1);
    const proofs = storedProofs(after);
    const keysetId = proofs[0]?.id ?? '';
    expect(after.db.counters.get(keysetId)).toBe(used + proofs.length);
    expect(await allUnspentAtMint(proofs)).toBe(true);
    // the earlier install's proofs are untouched
    expect(await allUnspentAtMint(storedProofs(before))).toBe(true);
  });
});

describe('remote quotes', () => {
  function oddYNostrKey(): { sk: Uint8Array; pubkeyHex: string } {
    for (;;) {
      const sk = secp256k1.utils.randomSecretKey();
      const compressed = bytesToHex(secp256k1.getPublicKey(sk, true));
      if (compressed.startsWith('03')) return { sk, pubkeyHex: compressed.slice(2) };
    }
  }

  it('mints a NUT-20 quote locked to the nostr key (odd y) and records a remote payment', async () => {
    const { sk, pubkeyHex } = oddYNostrKey();
    const h = harness({ signingKey: sk });

    // The cashier device: no seed, creates the locked quote.
    const cashier = h.wallets.getSeedlessWallet(mint.url);
    const locked = await (
      await cashier
    ).createLockedMintQuote(40, lockPubkeyForNostrKey(pubkeyHex));
    expect(locked.pubkey).toBe(`02${pubkeyHex}`);

    await h.service.track({
      quote: locked.quote,
      mintUrl: mint.url,
      amount: 40,
      request: locked.request,
      kind: 'remote',
      state: 'UNPAID',
      createdAt: Date.now(),
      expiry: locked.expiry,
      pubkey: locked.pubkey ?? '',
    });
    await mint.pay(locked.quote);
    await expect.poll(() => h.settled.length, WAIT).toBe(1);
    expect(h.settled[0]).toMatchObject({ kind: 'remote', amount: 40 });
    expect(h.balance()).toBe(40);
    expect(h.db.history[0]).toMatchObject({ type: 'remote-payment', quoteId: locked.quote });
    expect(mint.mintQuote(locked.quote)?.state).toBe('ISSUED');
  });

  it('tracking the same quote twice mints it once', async () => {
    const h = harness();
    const row = await unpaidQuoteRow(h, 6, 'remote');
    await Promise.all([h.service.track(row), h.service.track(row)]);
    await mint.pay(row.quote);
    await expect.poll(() => h.settled.length, WAIT).toBe(1);
    await h.service.idle();
    expect(h.balance()).toBe(6);
    expect(h.db.history).toHaveLength(1);
  });
});
