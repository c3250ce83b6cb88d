// WithdrawService against the real dev mint and Dexie storage: tokens, consolidation, spends, faults.
import 'fake-indexeddb/auto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import {
  Wallet,
  getDecodedToken,
  getTokenMetadata,
  getEncodedToken,
  injectWebSocketImpl,
  type Proof,
} from '@cashu/cashu-ts';
import type { FaultRule } from '../../../../dev/mint/faults';
import { MALFORMATIONS } from '../../../../dev/mint/malform';
import { startMint, type DevMint } from '../../../../dev/mint/server';
import { outsideInvoice } from '../../../../dev/mint/test-support';
import { testStorage, type TestStorage } from '../../../testing/storage/db';
import { walletDeps } from '../../../testing/storage/wallet-deps';
import type { WalletUpdate } from '../../events';
import { toNewProof } from '../proof-convert';
import { proofStateClient } from './spent-watch-client';
import type { WalletProvider } from '../wallet-provider';
import { WithdrawService, type WithdrawServiceDeps } from './withdraw-service';
import { isWithdrawError, type WithdrawResult } from './withdraw-plan';
import { recordedEvents } from '../../../testing/wallet/recorded-events';
import { seedWallet, walletsOf } from '../../../testing/wallet/seeded-wallet';
import { freezeAt } from '../../../testing/wallet/freeze-at';
import { inProcessQuoteLock } from '../../cross-tab-lock';
import { toCashuProof } from './withdraw-token';

injectWebSocketImpl(WebSocket as unknown as typeof globalThis.WebSocket);
vi.setConfig({ testTimeout: 60_000 });

const WAIT = { timeout: 15_000, interval: 25 };
const HOUR = 3_600_000;
const dirs: string[] = [];
const cleanups: Array<() => void> = [];
let mint: DevMint;
let feeMint: DevMint;

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cashew-withdraw-'));
  dirs.push(dir);
  return dir;
}

beforeAll(async () => {
  mint = await startMint({ port: 0, fresh: true, dataDir: tempDir() });
  // 100 ppk: every 10 inputs cost 1 sat
  feeMint = await startMint({ port: 0, fresh: true, dataDir: tempDir(), inputFeePpk: 100 });
});

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  mint.clearFaults();
  feeMint.clearFaults();
});

afterAll(async () => {
  await mint.close();
  await feeMint.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface Setup {
  storage: TestStorage;
  service: WithdrawService;
  wallets: WalletProvider;
  updates: WalletUpdate[];
}

/** A merchant device; pass `storage` of an earlier setup to "restart the app" on the same data. */
async function setup(
  url: string,
  options: { storage?: TestStorage; deps?: Partial<WithdrawServiceDeps> } = {},
): Promise<Setup> {
  const storage = options.storage ?? testStorage();
  if (!options.storage) await seedWallet(storage, url);
  const wallets = walletsOf(storage);
  const { events, updates } = recordedEvents();
  const service = new WithdrawService({
    ...walletDeps(storage, {
      wallets,
      events,
      logger: storage.logger,
      clock: () => storage.now.value,
    }),
    withdrawals: storage.withdrawals,
    intervals: { pollMs: 60, safetyPollMs: 200, resubscribeMs: 100, batchMs: 100 },
    ...options.deps,
  });
  cleanups.push(() => {
    service.stop();
    wallets.close();
  });
  return { storage, service, wallets, updates };
}

async function customerWallet(url: string): Promise<Wallet> {
  const wallet = new Wallet(url, { unit: 'sat' });
  await wallet.loadMint();
  return wallet;
}

/** What a customer gets for `token` at the fee mint (redeeming costs the mint's input fee). */
async function redeemAtFeeMint(token: string): Promise<number> {
  const received = await (await customerWallet(feeMint.url)).receive(token);
  return received.reduce((s, p) => s + p.amount.toNumber(), 0);
}

/** Both building a token and preparing one refuse with `failure`. */
async function expectRefused(service: WithdrawService, failure: { code: string; error: string }) {
  expect(await service.createToken()).toEqual(failure);
  expect(await service.prepare()).toEqual(failure);
}

/** The consolidation rounds still journaled (a finished consolidation leaves none). */
async function consolidationJournals(storage: TestStorage) {
  return (await storage.withdrawals.list()).filter((w) => w.consolidation);
}

/** Takes payments the way the app stores them: proofs from the mint, tagged with its URL. */
async function takePayments(
  on: DevMint,
  storage: TestStorage,
  amounts: number[],
  denominations?: (amount: number) => number[],
): Promise<void> {
  const payer = await customerWallet(on.url);
  for (const amount of amounts) {
    const quote = await payer.createMintQuoteBolt11(amount);
    await on.pay(quote.quote);
    const proofs = await payer.mintProofsBolt11(
      amount,
      quote.quote,
      undefined,
      denominations ? { type: 'random', denominations: denominations(amount) } : undefined,
    );
    await storage.proofs.add(proofs.map(toNewProof), on.url);
  }
}

const ones = (amount: number) => Array<number>(amount).fill(1);

function ok(result: WithdrawResult): Exclude<WithdrawResult, { code: string }> {
  if (isWithdrawError(result)) throw new Error(`withdraw failed: ${result.error}`);
  return result;
}

async function decode(url: string, token: string): Promise<{ mint: string; proofs: Proof[] }> {
  const wallet = await customerWallet(url);
  return getDecodedToken(token, wallet.keyChain.getAllKeysetIds());
}

async function withdrawalEvents(storage: TestStorage) {
  const page = await storage.history.page(1, 100);
  return page.events.filter((e) => e.type === 'withdrawal');
}

describe('WithdrawService: building the token', () => {
  it("fails with 'No unspent proofs available' when the wallet holds no proofs", async () => {
    const { service } = await setup(mint.url);
    await expectRefused(service, { code: 'no-proofs', error: 'No unspent proofs available' });
    expect(await service.listPending()).toEqual([]);
  });

  it("fails with 'No unspent proofs for current mint' when every proof is on another mint", async () => {
    const { service, storage } = await setup(mint.url);
    await takePayments(feeMint, storage, [21]);
    await expectRefused(service, {
      code: 'no-proofs-for-mint',
      error: 'No unspent proofs for current mint',
    });
    expect(await storage.proofs.balance()).toBe(21);
  });

  it('puts every unspent proof of the current mint into one cashuB token, leaving the balance', async () => {
    const { service, storage } = await setup(mint.url);
    await takePayments(mint, storage, [5, 13, 21]);
    await takePayments(feeMint, storage, [8]);
    const stored = await storage.proofs.listUnspent(mint.url);

    const result = ok(await service.createToken({ consolidate: false }));

    expect(result.token.startsWith('cashuB')).toBe(true);
    expect(result).toMatchObject({ amount: 39, mintUrl: mint.url });
    const decoded = await decode(mint.url, result.token);
    expect(decoded.mint).toBe(mint.url);
    expect(decoded.proofs.map((p) => p.secret).sort()).toEqual(stored.map((p) => p.secret).sort());
    expect(decoded.proofs.reduce((s, p) => s + p.amount.toNumber(), 0)).toBe(39);
    // Not redeemed yet: nothing leaves the balance, and the withdrawal shows as pending.
    expect(await storage.proofs.balance(mint.url)).toBe(39);
    const pending = await service.listPending();
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ amount: 39, mintUrl: mint.url, token: result.token });
  });

  it('withdraws the balance of another mint on its own when asked for it by URL', async () => {
    const { service, storage } = await setup(mint.url);
    await takePayments(mint, storage, [5]);
    await takePayments(feeMint, storage, [8, 13]);
    expect(await storage.proofs.balancesByMint()).toEqual({ [mint.url]: 5, [feeMint.url]: 21 });

    const plan = await service.prepare({ mintUrl: feeMint.url });
    expect(plan).toMatchObject({ mintUrl: feeMint.url, amount: 21 });
    const result = ok(await service.createToken({ mintUrl: feeMint.url, consolidate: false }));
    expect(result).toMatchObject({ amount: 21, mintUrl: feeMint.url });
    const decoded = await decode(feeMint.url, result.token);
    expect(decoded.mint).toBe(feeMint.url);
    expect(decoded.proofs.reduce((s, p) => s + p.amount.toNumber(), 0)).toBe(21);
    // The current mint's withdrawal is untouched by it.
    expect(ok(await service.createToken({ consolidate: false }))).toMatchObject({
      amount: 5,
      mintUrl: mint.url,
    });
    expect(await service.createToken({ mintUrl: 'https://nothing-here.example' })).toEqual({
      code: 'no-proofs-for-mint',
      error: 'No unspent proofs left on this mint',
    });
  });

  it('shows the consolidation fee before confirming and swaps many small proofs into few', async () => {
    const { service, storage } = await setup(feeMint.url);
    await takePayments(feeMint, storage, [15, 15], ones); // 30 proofs of 1 sat

    const plan = await service.prepare();
    expect(plan).toMatchObject({
      amount: 30,
      proofCount: 30,
      consolidation: { fee: 3, amount: 27, proofCount: 4, recommended: false, required: false },
    });

    const result = ok(await service.createToken({ consolidate: true }));
    expect(result.amount).toBe(27);
    const decoded = await decode(feeMint.url, result.token);
    expect(decoded.proofs.length).toBeLessThanOrEqual(Math.ceil(Math.log2(27)) + 1);
    expect(decoded.proofs.reduce((s, p) => s + p.amount.toNumber(), 0)).toBe(27);
    // The fee went to the mint; the swapped proofs replaced the old ones exactly once.
    expect(await storage.proofs.balance()).toBe(27);
    expect((await storage.proofs.listUnspent()).length).toBe(decoded.proofs.length);

    const customer = await customerWallet(feeMint.url);
    const received = await customer.receive(result.token);
    expect(received.reduce((s, p) => s + p.amount.toNumber(), 0)).toBe(27 - 1);
  });

  it('consolidates by default when the swap is free', async () => {
    const { service, storage } = await setup(mint.url);
    await takePayments(mint, storage, [7, 13], ones);
    const plan = await service.prepare();
    expect(plan).toMatchObject({ consolidation: { fee: 0, amount: 20, recommended: true } });

    const result = ok(await service.createToken());
    const decoded = await decode(mint.url, result.token);
    expect(result.amount).toBe(20);
    expect(decoded.proofs).toHaveLength(2); // 16 + 4
  });

  it('keeps the proofs as they are when consolidation is declined', async () => {
    const { service, storage } = await setup(feeMint.url);
    await takePayments(feeMint, storage, [12], ones);
    const result = ok(await service.createToken({ consolidate: false }));
    expect(result.amount).toBe(12);
    expect((await decode(feeMint.url, result.token)).proofs).toHaveLength(12);
    expect(await storage.proofs.balance()).toBe(12);
  });
});

describe('WithdrawService: watching the token until it is spent', () => {
  it('settles a redeemed token from the WebSocket alone', async () => {
    const { service, storage, updates } = await setup(mint.url, {
      deps: { intervals: { pollMs: HOUR, safetyPollMs: HOUR, resubscribeMs: HOUR, batchMs: 100 } },
    });
    await takePayments(mint, storage, [10, 32]);
    const result = ok(await service.createToken({ consolidate: false }));
    const numProofs = (await decode(mint.url, result.token)).proofs.length;

    await (await customerWallet(mint.url)).receive(result.token);

    await expect.poll(() => storage.proofs.balance(), WAIT).toBe(0);
    const events = await withdrawalEvents(storage);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ amount: 42, mintUrl: mint.url });
    expect(JSON.parse(events[0]!.metadata!)).toEqual({ numProofs });
    expect(updates).toContainEqual({ reason: 'withdrawal', amount: 42 });
    await expect.poll(() => service.listPending(), WAIT).toEqual([]);
  });

  it('settles a redeemed token by polling checkstate when the mint has no socket', async () => {
    const { service, storage, wallets } = await setup(mint.url, {
      deps: {
        clientFor: (url) => ({ check: proofStateClient(wallets.getMint(url)).check }),
      },
    });
    await takePayments(mint, storage, [7]);
    const result = ok(await service.createToken({ consolidate: false }));
    await (await customerWallet(mint.url)).receive(result.token);

    await expect.poll(() => storage.proofs.balance(), WAIT).toBe(0);
    expect(await withdrawalEvents(storage)).toMatchObject([{ amount: 7 }]);
  });

  it('finds a spend that happened while the app was closed, after a restart', async () => {
    const first = await setup(mint.url);
    await takePayments(mint, first.storage, [3, 4]);
    const result = ok(await first.service.createToken({ consolidate: false }));
    first.service.stop(); // the app closes

    await (await customerWallet(mint.url)).receive(result.token);
    expect(await first.storage.proofs.balance()).toBe(7);

    const second = await setup(mint.url, { storage: first.storage });
    await second.service.resumeAll();
    await second.service.idle();
    expect(await second.storage.proofs.balance()).toBe(0);
    expect(await withdrawalEvents(second.storage)).toMatchObject([{ amount: 7 }]);
    expect(second.updates).toEqual([{ reason: 'withdrawal', amount: 7 }]);
    expect(await second.service.listPending()).toEqual([]);
  });

  it('removes only the proofs actually redeemed and keeps watching the rest', async () => {
    const { service, storage } = await setup(mint.url);
    await takePayments(mint, storage, [8, 16, 32]);
    const result = ok(await service.createToken({ consolidate: false }));
    const { proofs } = await decode(mint.url, result.token);
    const part = proofs.filter((p) => p.amount.toNumber() !== 32);
    const rest = proofs.filter((p) => p.amount.toNumber() === 32);
    const customer = await customerWallet(mint.url);

    await customer.receive(getEncodedToken({ mint: mint.url, unit: 'sat', proofs: part }));
    await expect.poll(() => storage.proofs.balance(), WAIT).toBe(32);
    expect(await withdrawalEvents(storage)).toMatchObject([{ amount: 24 }]);
    expect(await service.listPending()).toHaveLength(1);

    await customer.receive(getEncodedToken({ mint: mint.url, unit: 'sat', proofs: rest }));
    await expect.poll(() => storage.proofs.balance(), WAIT).toBe(0);
    const events = await withdrawalEvents(storage);
    expect(events.map((e) => e.amount).sort((a, b) => a - b)).toEqual([24, 32]);
    await expect.poll(() => service.listPending(), WAIT).toEqual([]);
  });

  it('never swaps the proofs of a pending token when asked to consolidate again', async () => {
    const { service, storage } = await setup(feeMint.url);
    await takePayments(feeMint, storage, [10], ones);
    const first = ok(await service.createToken({ consolidate: false })); // pending token A

    expect(await service.createToken({ consolidate: true })).toEqual({
      code: 'all-pending',
      error:
        'Everything on this mint is already in a pending withdrawal token (see Withdrawals pending).',
    });
    // Token A is still whole: a customer redeems all of it.
    expect(await redeemAtFeeMint(first.token)).toBe(10 - 1);
  });
});

/** Input counts of every /v1/swap request sent while `fn` runs (cashu-ts uses global fetch). */
async function countSwapInputs<T>(fn: () => Promise<T>): Promise<{ result: T; swaps: number[] }> {
  const swaps: number[] = [];
  const realFetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.endsWith('/v1/swap') && typeof init?.body === 'string') {
      swaps.push((JSON.parse(init.body) as { inputs: unknown[] }).inputs.length);
    }
    return realFetch(input, init);
  });
  try {
    return { result: await fn(), swaps };
  } finally {
    spy.mockRestore();
  }
}

describe('WithdrawService: consolidating a big wallet in rounds', () => {
  // Rounds of 20 instead of production's 100 (MAX_SWAP_INPUTS): 70 proofs take the same path
  // (several rounds, a lost reply, a merge) as 350 would, at a fifth of the signing work.
  const ROUND = { maxInputsPerSwap: 20 };

  it('swaps 70 proofs in rounds of at most 20 inputs, merges them, and charges the fee shown', async () => {
    const { service, storage } = await setup(feeMint.url, { deps: ROUND });
    await takePayments(feeMint, storage, [70], ones);
    const plan = await service.prepare();
    if (isWithdrawError(plan) || !plan.consolidation) throw new Error('no consolidation offered');
    // 100 ppk: 2 + 2 + 2 + 1 for the rounds, 1 for merging their 8 outputs
    expect(plan.consolidation).toMatchObject({ fee: 8, amount: 62, proofCount: 5 });

    const { result, swaps } = await countSwapInputs(() =>
      service.createToken({ consolidate: true }),
    );

    // 20+20+20+10 stored proofs, then one merge of the 8 round outputs
    expect(swaps).toEqual([20, 20, 20, 10, 8]);
    const token = ok(result);
    expect(70 - token.amount).toBe(plan.consolidation.fee);
    expect(await storage.proofs.balance()).toBe(62);
    const decoded = await decode(feeMint.url, token.token);
    expect(decoded.proofs).toHaveLength(plan.consolidation.proofCount);
    expect(decoded.proofs.length).toBeLessThanOrEqual(Math.ceil(Math.log2(70)) + 1);
    const stored = await storage.proofs.listUnspent();
    expect(stored.map((p) => p.secret).sort()).toEqual(decoded.proofs.map((p) => p.secret).sort());
    expect(await consolidationJournals(storage)).toEqual([]);
    expect(await redeemAtFeeMint(token.token)).toBe(62 - 1);
  });

  it('recovers a round whose reply was lost mid-way and ends with the exact balance once', async () => {
    const first = await setup(feeMint.url, { deps: ROUND });
    await takePayments(feeMint, first.storage, [70], ones);
    // The second round's reply is lost: the fault is armed once the first round is stored.
    let finished = 0;
    const ledger = first.storage.ledger;
    const watched = Object.create(ledger) as typeof ledger;
    watched.finishConsolidation = async (...args) => {
      await ledger.finishConsolidation(...args);
      finished += 1;
      if (finished === 1) feeMint.addFault({ path: '/v1/swap', action: 'dropResponse', count: 1 });
    };
    const warnings: unknown[][] = [];
    const logger = { ...first.storage.logger, warn: (...args: unknown[]) => warnings.push(args) };
    const { service, storage } = await setup(feeMint.url, {
      storage: first.storage,
      deps: { ...ROUND, ledger: watched, logger },
    });

    const { result, swaps } = await countSwapInputs(() =>
      service.createToken({ consolidate: true }),
    );

    // Every round was sent once: the lost one was restored (NUT-09), not swapped again.
    expect(swaps).toEqual([20, 20, 20, 10, 8]);
    expect(warnings.map((w) => w[0])).toEqual(['Consolidation swap ended ambiguously; recovering']);
    const token = ok(result);
    expect(token.amount).toBe(62);
    expect(await storage.proofs.balance()).toBe(62);
    const stored = await storage.proofs.listUnspent();
    expect(new Set(stored.map((p) => p.secret)).size).toBe(stored.length);
    const decoded = await decode(feeMint.url, token.token);
    expect(stored.map((p) => p.secret).sort()).toEqual(decoded.proofs.map((p) => p.secret).sort());
    expect(await storage.withdrawals.list()).toHaveLength(1); // the token's watch, no journal
    expect(await redeemAtFeeMint(token.token)).toBe(62 - 1);
  });
});

describe('WithdrawService: the fee the merchant confirmed', () => {
  it('swaps nothing and asks for a new look when a payment between prepare and confirm raised the fee', async () => {
    const { service, storage } = await setup(feeMint.url);
    await takePayments(feeMint, storage, [30], ones);
    const plan = await service.prepare();
    if (isWithdrawError(plan) || !plan.consolidation) throw new Error('no consolidation offered');
    expect(plan.consolidation.fee).toBe(3);

    await takePayments(feeMint, storage, [10], ones); // lands while the notice is shown
    const { result, swaps } = await countSwapInputs(() =>
      service.createToken({ consolidate: true, maxFee: plan.consolidation!.fee }),
    );

    expect(result).toEqual({
      code: 'fee-changed',
      error: 'The withdrawal fee changed. Please review it and try again.',
    });
    expect(swaps).toEqual([]);
    expect(await storage.proofs.balance()).toBe(40);
    expect((await storage.proofs.listUnspent()).length).toBe(40);
    expect(await storage.withdrawals.list()).toEqual([]);

    // Shown again, the new fee is what the swap charges.
    const again = await service.prepare();
    if (isWithdrawError(again) || !again.consolidation) throw new Error('no consolidation offered');
    expect(again.consolidation.fee).toBe(4);
    const token = ok(await service.createToken({ consolidate: true, maxFee: 4 }));
    expect(token.amount).toBe(36);
    expect(await storage.proofs.balance()).toBe(36);
  });
});

/** A till on the fee mint holding 20 one-sat payments, whose next consolidation swap meets `fault`. */
async function consolidatingThrough(fault: FaultRule) {
  const till = await setup(feeMint.url);
  await takePayments(feeMint, till.storage, [20], ones);
  feeMint.addFault(fault);
  return till;
}

/** The 20 sats consolidated once: 18 after the swap fee, stored, no journal left, and the token
 * holds only real signatures: it redeems for what the app counted (less the input fee). */
async function expectConsolidatedOnce(
  storage: TestStorage,
  token: { amount: number; token: string },
) {
  expect(token.amount).toBe(18);
  expect(await storage.proofs.balance()).toBe(18);
  expect(await consolidationJournals(storage)).toEqual([]);
  expect(await redeemAtFeeMint(token.token)).toBe(18 - 1);
}

describe('WithdrawService: an interrupted consolidation swap', () => {
  it('recovers outputs the mint signed although the reply was lost, counting them once', async () => {
    const { service, storage } = await consolidatingThrough({
      path: '/v1/swap',
      action: 'dropResponse',
      count: 1,
    });

    const result = ok(await service.createToken({ consolidate: true }));

    await expectConsolidatedOnce(storage, result);
  });

  it('recovers a swap whose reply was lost and whose re-sent request was told "already spent"', async () => {
    const { service, storage } = await consolidatingThrough({
      path: '/v1/swap',
      action: 'dropResponse',
      count: 1,
    });
    // As Chromium does: a POST whose connection closed before any answer is sent once more.
    const realFetch = globalThis.fetch;
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      try {
        return await realFetch(input, init);
      } catch {
        return realFetch(input, init);
      }
    });
    let result;
    try {
      result = ok(await service.createToken({ consolidate: true }));
    } finally {
      spy.mockRestore();
    }

    await expectConsolidatedOnce(storage, result);
  });

  it.each(MALFORMATIONS.filter((m) => m !== 'keysetIdMismatch'))(
    'a swap reply spoilt after the mint swapped (%s): outputs recovered once, all of them real',
    async (malform) => {
      const { service, storage } = await consolidatingThrough({
        path: '/v1/swap',
        method: 'POST',
        action: 'malform',
        malform,
        count: 1,
      });

      const result = ok(await service.createToken({ consolidate: true }));

      await expectConsolidatedOnce(storage, result);
    },
  );

  it('finishes a swap journaled before a crash on the next start, without swapping again', async () => {
    const first = await setup(feeMint.url);
    await takePayments(feeMint, first.storage, [20], ones);
    // The swap happens, the reply is lost, and restore is down too: the journal must survive.
    feeMint.addFault([
      { path: '/v1/swap', action: 'dropResponse', count: 1 },
      { path: '/v1/restore', action: 'error500' },
    ]);
    const failed = await first.service.createToken({ consolidate: true });
    expect(isWithdrawError(failed)).toBe(true);
    expect(await consolidationJournals(first.storage)).toHaveLength(1);
    expect(await first.storage.proofs.balance()).toBe(20); // not known yet: nothing dropped
    first.service.stop();
    feeMint.clearFaults();

    const second = await setup(feeMint.url, { storage: first.storage });
    await second.service.resumeAll();

    expect(await second.storage.proofs.balance()).toBe(18);
    expect(await second.storage.withdrawals.list()).toEqual([]);
    expect(await withdrawalEvents(second.storage)).toEqual([]);
    const result = ok(await second.service.createToken());
    expect(result.amount).toBe(18);
  });

  it('keeps every proof when the mint refuses the swap', async () => {
    const { service, storage } = await setup(feeMint.url);
    await takePayments(feeMint, storage, [15], ones);
    feeMint.addFault({
      path: '/v1/swap',
      action: 'refuse',
      code: 11001,
      detail: 'Token already spent',
      count: 1,
    });

    // The thrown refusal goes along, so the screen says it by its NUT code.
    expect(await service.createToken({ consolidate: true })).toMatchObject({
      code: 'failed',
      error: 'Token already spent',
      cause: { code: 11001 },
    });
    expect(await storage.proofs.balance()).toBe(15);
    expect(await storage.withdrawals.list()).toEqual([]);
  });

  it('keeps every proof when the swap fails before the mint acted (HTTP 500)', async () => {
    const { service, storage } = await setup(feeMint.url);
    await takePayments(feeMint, storage, [15], ones);
    feeMint.addFault({ path: '/v1/swap', action: 'error500', count: 1 });

    const result = await service.createToken({ consolidate: true });
    expect(isWithdrawError(result)).toBe(true);
    expect(await storage.proofs.balance()).toBe(15);
    expect((await storage.proofs.listUnspent()).length).toBe(15);
    expect(await storage.withdrawals.list()).toEqual([]);
  });
});

/** Secrets inside a token. */
async function tokenSecrets(url: string, token: string): Promise<string[]> {
  return (await decode(url, token)).proofs.map((p) => p.secret);
}

describe('WithdrawService: pending tokens keep their proofs', () => {
  it('never puts proofs of a pending withdrawal token into a second token', async () => {
    const { service, storage } = await setup(mint.url);
    await takePayments(mint, storage, [5, 13]);
    const first = ok(await service.createToken({ consolidate: false }));
    await takePayments(mint, storage, [21]);

    const second = ok(await service.createToken({ consolidate: false }));

    expect(second.amount).toBe(21);
    const a = await tokenSecrets(mint.url, first.token);
    const b = await tokenSecrets(mint.url, second.token);
    expect(a.filter((secret) => b.includes(secret))).toEqual([]);
    expect(await service.availability()).toEqual({
      mintUrl: mint.url,
      available: 0,
      pending: 39,
      atMint: 0,
    });
    expect(await service.createToken()).toMatchObject({ code: 'all-pending' });
  });

  it('two tabs withdrawing at the same moment never build two tokens of the same proofs', async () => {
    const lock = inProcessQuoteLock(); // what Web Locks give every tab of the origin
    const tabA = await setup(mint.url, { deps: { lock } });
    await takePayments(mint, tabA.storage, [5, 13]);
    const tabB = await setup(mint.url, { storage: tabA.storage, deps: { lock } });

    const results = await Promise.all([tabA.service.createToken(), tabB.service.createToken()]);

    const built = results.filter((r) => !isWithdrawError(r));
    expect(built).toHaveLength(1);
    expect(results.filter(isWithdrawError)).toEqual([
      {
        code: 'all-pending',
        error:
          'Everything on this mint is already in a pending withdrawal token (see Withdrawals pending).',
      },
    ]);
  });

  it('counts sats in pending tokens apart from what is available', async () => {
    const { service, storage } = await setup(mint.url);
    expect(await service.availability()).toEqual({
      mintUrl: mint.url,
      available: 0,
      pending: 0,
      atMint: 0,
    });
    await takePayments(mint, storage, [8, 13]);
    ok(await service.createToken({ amount: 8 }));

    expect(await service.availability()).toEqual({
      mintUrl: mint.url,
      available: 13,
      pending: 8,
      atMint: 0,
    });
    expect(await storage.proofs.balance()).toBe(21);
  });
});

describe('WithdrawService: withdrawing part of the balance', () => {
  it('takes proofs that add up to the amount as they are, without a swap', async () => {
    const { service, storage } = await setup(mint.url);
    await takePayments(mint, storage, [8, 13]);
    const { result, swaps } = await countSwapInputs(() => service.createToken({ amount: 8 }));

    expect(ok(result).amount).toBe(8);
    expect(swaps).toEqual([]);
    expect(await storage.proofs.balance()).toBe(21);
  });

  it('splits off exactly the amount at the mint and keeps the change', async () => {
    const { service, storage } = await setup(mint.url);
    await takePayments(mint, storage, [64]);
    const { result, swaps } = await countSwapInputs(() => service.createToken({ amount: 21 }));

    const token = ok(result);
    expect(token.amount).toBe(21);
    expect(swaps).toEqual([1]);
    const redeemed = await (await customerWallet(mint.url)).receive(token.token);
    expect(redeemed.reduce((s, p) => s + p.amount.toNumber(), 0)).toBe(21);
    await expect.poll(() => storage.proofs.balance(), WAIT).toBe(43);
    expect(await service.availability()).toMatchObject({ available: 43, pending: 0 });
    expect(await consolidationJournals(storage)).toEqual([]);
  });

  it('pays the mint fee of the split from the change, never from the token', async () => {
    const { service, storage } = await setup(feeMint.url);
    await takePayments(feeMint, storage, [32]);
    const token = ok(await service.createToken({ amount: 10 }));

    expect(token.amount).toBe(10);
    // One input at 100 ppk costs 1 sat: 32 = 10 for the token + 21 change + 1 fee.
    expect(await storage.proofs.balance()).toBe(31);
    expect(await service.availability()).toMatchObject({ available: 21, pending: 10 });
  });

  it('a payment landing after the merchant confirmed everything does not enlarge the token', async () => {
    const { service, storage } = await setup(mint.url);
    await takePayments(mint, storage, [8, 13]); // the amount step showed 21
    await takePayments(mint, storage, [5]); // lands before the confirmation reaches the core

    const token = ok(await service.createToken({ amount: 21 }));

    expect(token.amount).toBe(21);
    expect(await service.availability()).toMatchObject({ available: 5, pending: 21 });
  });

  it('refuses an amount above what is available, or not a whole number, changing nothing', async () => {
    const { service, storage } = await setup(mint.url);
    await takePayments(mint, storage, [21]);
    for (const amount of [22, 0, -1, 2.5]) {
      expect(await service.createToken({ amount })).toMatchObject({
        code: 'bad-amount',
        error: 'Enter an amount from 1 to 21 sats.',
        text: { key: 'WITHDRAW_AMOUNT_RANGE', values: { available: 21 } },
      });
    }
    expect(await storage.withdrawals.list()).toEqual([]);
    expect(await storage.proofs.balance()).toBe(21);
  });

  it.each(['swap:journaled', 'swap:signed'] as const)(
    'a tab that dies at %s during the split loses nothing after the next start',
    async (step) => {
      const frozen = freezeAt(step);
      const first = await setup(mint.url, { deps: { checkpoint: frozen.checkpoint } });
      await takePayments(mint, first.storage, [64]);
      void first.service.createToken({ amount: 21 });
      await frozen.reached;
      first.service.stop();

      const second = await setup(mint.url, { storage: first.storage });
      await second.service.resumeAll();

      expect(await second.storage.proofs.balance()).toBe(64);
      expect(await second.storage.withdrawals.list()).toEqual([]);
      const proofs = await second.storage.proofs.listUnspent();
      expect(await allUnspent(mint.url, proofs.map(toCashuProof))).toBe(true);
      if (step === 'swap:signed') {
        // The mint did split: 21 (16+4+1) and the change 43 (32+8+2+1), both restored.
        const amounts = proofs.map((p) => p.amount).sort((a, b) => a - b);
        expect(amounts).toEqual([1, 1, 2, 4, 8, 16, 32]);
      }
      const token = ok(await second.service.createToken({ amount: 21 }));
      expect(token.amount).toBe(21);
      expect(await second.service.availability()).toMatchObject({ available: 43, pending: 21 });
    },
  );
});

/** The app's history events of cancelled tokens, metadata parsed. */
async function cancelEvents(storage: TestStorage) {
  const page = await storage.history.page(1, 100);
  return page.events
    .filter((e) => e.type === 'token-cancelled')
    .map((e) => ({ amount: e.amount, metadata: JSON.parse(e.metadata ?? '{}') as unknown }));
}

/** Whether a customer can still redeem `token` (its proofs unspent at the mint). */
/** Whether the mint at `url` says every one of `proofs` is unspent. */
async function allUnspent(url: string, proofs: Proof[]): Promise<boolean> {
  const states = await (await customerWallet(url)).checkProofsStates(proofs);
  return states.every((s) => s.state === 'UNSPENT');
}

async function redeemable(url: string, token: string): Promise<boolean> {
  return allUnspent(url, (await decode(url, token)).proofs);
}

/** Only the first check when the token is built: spends are found by cancel itself. */
const QUIET = { pollMs: HOUR, safetyPollMs: HOUR, resubscribeMs: HOUR, batchMs: 100 };

describe('WithdrawService: cancelling a pending token', () => {
  it('swaps its proofs back: the sats are available again and the old token is worthless', async () => {
    const { service, storage, updates } = await setup(mint.url);
    await takePayments(mint, storage, [8, 13]);
    const token = ok(await service.createToken({ consolidate: false }));
    expect(await service.availability()).toMatchObject({ available: 0, pending: 21 });

    expect(await service.cancelToken(token.id)).toEqual({
      status: 'cancelled',
      amount: 21,
      fee: 0,
    });

    expect(await service.availability()).toMatchObject({ available: 21, pending: 0 });
    expect(await service.listPending()).toEqual([]);
    expect(await storage.withdrawals.list()).toEqual([]);
    expect(await storage.proofs.balance()).toBe(21);
    expect(await redeemable(mint.url, token.token)).toBe(false);
    const fresh = await storage.proofs.listUnspent();
    expect(await allUnspent(mint.url, fresh.map(toCashuProof))).toBe(true);
    expect(await cancelEvents(storage)).toEqual([
      { amount: 0, metadata: { tokenAmount: 21, fee: 0, numProofs: 4 } },
    ]);
    expect(await withdrawalEvents(storage)).toEqual([]);
    expect(updates).toContainEqual({ reason: 'withdrawal' });
    // The sats can go into a new token at once.
    expect(ok(await service.createToken({ consolidate: false })).amount).toBe(21);
  });

  it('records the mint fee of the swap as the only sats that left', async () => {
    const { service, storage } = await setup(feeMint.url);
    await takePayments(feeMint, storage, [32]);
    const token = ok(await service.createToken({ consolidate: false }));

    expect(await service.cancelToken(token.id)).toEqual({
      status: 'cancelled',
      amount: 31,
      fee: 1,
    });
    expect(await storage.proofs.balance()).toBe(31);
    expect(await cancelEvents(storage)).toEqual([
      { amount: 1, metadata: { tokenAmount: 32, fee: 1, numProofs: 1 } },
    ]);
  });

  it.each(MALFORMATIONS.filter((m) => m !== 'keysetIdMismatch'))(
    'a cancel whose swap reply is spoilt after the mint swapped (%s): cancelled once, every stored proof real',
    async (malform) => {
      const { service, storage } = await setup(mint.url, { deps: { intervals: QUIET } });
      await takePayments(mint, storage, [8, 13]);
      const token = ok(await service.createToken({ consolidate: false }));
      mint.addFault({ path: '/v1/swap', method: 'POST', action: 'malform', malform, count: 1 });

      expect(await service.cancelToken(token.id)).toEqual({
        status: 'cancelled',
        amount: 21,
        fee: 0,
      });

      expect(await storage.proofs.balance()).toBe(21);
      expect(await service.availability()).toMatchObject({ available: 21, pending: 0 });
      expect(await storage.withdrawals.list()).toEqual([]);
      expect(await redeemable(mint.url, token.token)).toBe(false);
      const stored = await storage.proofs.listUnspent();
      expect(await allUnspent(mint.url, stored.map(toCashuProof))).toBe(true);
      expect(await cancelEvents(storage)).toHaveLength(1);
    },
  );

  it('closes a token already redeemed as redeemed, exactly as the spent watch would', async () => {
    const { service, storage } = await setup(mint.url, { deps: { intervals: QUIET } });
    await takePayments(mint, storage, [5, 16]);
    const token = ok(await service.createToken({ consolidate: false }));
    const { swaps } = await countSwapInputs(async () => {
      await (await customerWallet(mint.url)).receive(token.token);
      return service.cancelToken(token.id);
    }).then(async ({ result, swaps }) => {
      expect(result).toEqual({ status: 'redeemed', amount: 21 });
      return { swaps };
    });
    // The customer's receive (4 + 1, 16) was the only swap: cancel sent none.
    expect(swaps).toEqual([3]);
    expect(await storage.proofs.balance()).toBe(0);
    expect(await service.listPending()).toEqual([]);
    expect(await withdrawalEvents(storage)).toMatchObject([{ amount: 21 }]);
    expect(await cancelEvents(storage)).toEqual([]);
  });

  it('closes it as redeemed when the customer redeems it between the check and the swap', async () => {
    let redeemNext: string | undefined;
    const { service, storage, wallets } = await setup(mint.url, {
      deps: {
        intervals: QUIET,
        clientFor: (url) => ({
          async check(ys) {
            // Taken before the first await: the spent watch's own first check started earlier.
            const token = redeemNext;
            redeemNext = undefined;
            const entries = await proofStateClient(wallets.getMint(url)).check(ys);
            // The customer's swap lands right after the mint answered "unspent".
            if (token) await (await customerWallet(url)).receive(token);
            if (token) expect(entries.every((e) => e.state === 'UNSPENT')).toBe(true);
            return entries;
          },
        }),
      },
    });
    await takePayments(mint, storage, [21]);
    const token = ok(await service.createToken({ consolidate: false }));
    redeemNext = token.token;

    expect(await service.cancelToken(token.id)).toEqual({ status: 'redeemed', amount: 21 });
    expect(await storage.proofs.balance()).toBe(0);
    expect(await storage.withdrawals.list()).toEqual([]);
    expect(await withdrawalEvents(storage)).toMatchObject([{ amount: 21 }]);
    expect(await cancelEvents(storage)).toEqual([]);
  });

  it.each(['/v1/checkstate', '/v1/swap'])(
    'changes nothing when the mint fails at %s',
    async (path) => {
      const { service, storage } = await setup(mint.url, { deps: { intervals: QUIET } });
      await takePayments(mint, storage, [21]);
      const token = ok(await service.createToken({ consolidate: false }));
      // Count 5: the spent watch's first check may meet the fault too.
      mint.addFault({ path, action: 'error500', count: 5 });

      const result = await service.cancelToken(token.id);
      mint.clearFaults();

      expect(result.status).toBe('failed');
      expect(await service.listPending()).toMatchObject([{ id: token.id, amount: 21 }]);
      expect(await storage.withdrawals.list()).toHaveLength(1);
      expect(await service.availability()).toMatchObject({ available: 0, pending: 21 });
      expect(await redeemable(mint.url, token.token)).toBe(true);
      expect(await cancelEvents(storage)).toEqual([]);
    },
  );

  it('changes nothing when the mint cannot be reached at all', async () => {
    const { service, storage } = await setup(mint.url, { deps: { intervals: QUIET } });
    await takePayments(mint, storage, [21]);
    const token = ok(await service.createToken({ consolidate: false }));
    const offline = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('fetch failed'));
    let result;
    try {
      result = await service.cancelToken(token.id);
    } finally {
      offline.mockRestore();
    }
    expect(result).toMatchObject({ status: 'failed', error: 'Network request failed' });
    expect(await service.listPending()).toMatchObject([{ id: token.id, amount: 21 }]);
    expect(await service.availability()).toMatchObject({ available: 0, pending: 21 });
    expect(await redeemable(mint.url, token.token)).toBe(true);
  });

  it('changes nothing while the customer is redeeming it (the mint says PENDING), then cancels once their payment fails', async () => {
    const { service, storage } = await setup(mint.url, { deps: { intervals: QUIET } });
    await takePayments(mint, storage, [64]);
    const token = ok(await service.createToken({ consolidate: false }));
    // The customer melts the token to pay an invoice; the mint holds its proofs while the
    // payment is in flight.
    const customer = await customerWallet(mint.url);
    const { proofs } = await decode(mint.url, token.token);
    const quote = await customer.createMeltQuoteBolt11(outsideInvoice(50));
    mint.addFault({ path: '/v1/melt/bolt11', action: 'pending', count: 1 });
    const melt = await customer.meltProofsBolt11(quote, proofs);
    expect(melt.quote.state).toBe('PENDING');

    expect(await service.cancelToken(token.id)).toEqual({ status: 'being-redeemed' });
    expect(await service.listPending()).toMatchObject([{ id: token.id, amount: 64 }]);
    expect(await service.availability()).toMatchObject({ available: 0, pending: 64 });
    expect(await storage.proofs.balance()).toBe(64);
    expect(await withdrawalEvents(storage)).toEqual([]);
    expect(await cancelEvents(storage)).toEqual([]);

    // The payment fails: the mint lets the proofs go, and the same cancel now goes through.
    const settled = await fetch(`${mint.url}/dev/melt/${quote.quote}/settle`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ state: 'UNPAID' }),
    });
    expect(settled.ok).toBe(true);
    const cancelled = await service.cancelToken(token.id);
    expect(cancelled).toMatchObject({ status: 'cancelled', amount: 64, fee: 0 });
    expect(await service.availability()).toMatchObject({ available: 64, pending: 0 });
    expect(await redeemable(mint.url, token.token)).toBe(false);
    expect(await withdrawalEvents(storage)).toEqual([]);
  });

  it.each(['swap:counters-reserved', 'swap:journaled', 'swap:signed'] as const)(
    'a tab that dies at %s while cancelling loses nothing after the next start',
    async (step) => {
      const frozen = freezeAt(step);
      const first = await setup(mint.url, {
        deps: { checkpoint: frozen.checkpoint, intervals: QUIET },
      });
      await takePayments(mint, first.storage, [8, 13]);
      const token = ok(await first.service.createToken({ consolidate: false }));
      void first.service.cancelToken(token.id);
      await frozen.reached;
      first.service.stop();

      const second = await setup(mint.url, { storage: first.storage, deps: { intervals: QUIET } });
      await second.service.resumeAll();

      expect(await second.storage.proofs.balance()).toBe(21);
      const journals = (await second.storage.withdrawals.list()).filter((w) => w.consolidation);
      expect(journals).toEqual([]);
      const stored = await second.storage.proofs.listUnspent();
      expect(await allUnspent(mint.url, stored.map(toCashuProof))).toBe(true);
      if (step === 'swap:signed') {
        // The mint swapped: finishing it closed the token and recorded the cancel once.
        expect(await second.service.listPending()).toEqual([]);
        expect(await second.service.availability()).toMatchObject({ available: 21, pending: 0 });
        expect(await redeemable(mint.url, token.token)).toBe(false);
        expect(await cancelEvents(second.storage)).toHaveLength(1);
      } else {
        // Nothing reached the mint: the token is still pending and still redeemable.
        expect(await second.service.listPending()).toMatchObject([{ id: token.id }]);
        expect(await second.service.availability()).toMatchObject({ available: 0, pending: 21 });
        expect(await redeemable(mint.url, token.token)).toBe(true);
        expect(await cancelEvents(second.storage)).toEqual([]);
        // Cancelling again works.
        expect(await second.service.cancelToken(token.id)).toMatchObject({ status: 'cancelled' });
        expect(await second.service.availability()).toMatchObject({ available: 21, pending: 0 });
      }
    },
  );

  it('two tabs cancelling the same token at once swap it once', async () => {
    const lock = inProcessQuoteLock(); // what Web Locks give every tab of the origin
    const tabA = await setup(mint.url, { deps: { lock, intervals: QUIET } });
    await takePayments(mint, tabA.storage, [8, 13]);
    const token = ok(await tabA.service.createToken({ consolidate: false }));
    const tabB = await setup(mint.url, {
      storage: tabA.storage,
      deps: { lock, intervals: QUIET },
    });

    const { result, swaps } = await countSwapInputs(() =>
      Promise.all([tabA.service.cancelToken(token.id), tabB.service.cancelToken(token.id)]),
    );

    expect(swaps).toEqual([4]); // 8, and 13 as 8 + 4 + 1: one swap of the token's proofs
    expect(result.map((r) => r.status).sort()).toEqual(['cancelled', 'gone']);
    expect(await tabA.storage.proofs.balance()).toBe(21);
    expect(await cancelEvents(tabA.storage)).toHaveLength(1);
    expect(await tabA.service.availability()).toMatchObject({ available: 21, pending: 0 });
  });
});

// docs/decisions/0067-amounts-carry-their-unit.md: a sat spend takes sats only, never a cent.
describe('WithdrawService: proofs of another unit', () => {
  /** Dollars taken at the dev mint as the till stores them: proofs tagged with their unit. */
  async function takeCents(storage: TestStorage, cents: number): Promise<void> {
    const payer = new Wallet(mint.url, { unit: 'usd' });
    await payer.loadMint();
    const quote = await payer.createMintQuoteBolt11(cents);
    await mint.pay(quote.quote);
    const proofs = await payer.mintProofsBolt11(cents, quote.quote);
    await storage.proofs.add(
      proofs.map((p) => ({ ...toNewProof(p), unit: 'usd' as const })),
      mint.url,
    );
  }

  it('never puts a usd proof into a sat token, and leaves the dollars stored', async () => {
    const { service, storage } = await setup(mint.url);
    await takeCents(storage, 350);
    await takePayments(mint, storage, [21]);
    const cents = (await storage.proofs.listUnspent(mint.url, 'usd')).map((p) => p.secret);
    expect(cents.length).toBeGreaterThan(0);

    const result = ok(await service.createToken({ consolidate: true }));

    expect(result.amount).toBe(21);
    const decoded = await decode(mint.url, result.token);
    expect(decoded.proofs.some((p) => cents.includes(p.secret))).toBe(false);
    expect(decoded.proofs.reduce((s, p) => s + p.amount.toNumber(), 0)).toBe(21);
    expect(await service.availability()).toMatchObject({ available: 0, pending: 21 });
    expect(await storage.proofs.unitBalances()).toEqual([
      { mintUrl: mint.url, amount: { unit: 'sat', minor: 21 } },
      { mintUrl: mint.url, amount: { unit: 'usd', minor: 350 } },
    ]);
  });

  /** What a customer's usd wallet gets for `token` at the dev mint, in cents. */
  async function redeemCents(token: string): Promise<number> {
    const customer = new Wallet(mint.url, { unit: 'usd' });
    await customer.loadMint();
    const received = await customer.receive(token);
    return received.reduce((s, p) => s + p.amount.toNumber(), 0);
  }

  it('withdraws 1.00 USD of 3.50 as a usd token the customer redeems; 2.50 USD stay', async () => {
    const { service, storage } = await setup(mint.url);
    await takeCents(storage, 350);
    await takePayments(mint, storage, [21]);

    const result = ok(await service.createToken({ unit: 'usd', amount: 100 }));

    expect(result).toMatchObject({ amount: 100, unit: 'usd' });
    expect(getTokenMetadata(result.token).unit).toBe('usd');
    // Held by the pending token until it is redeemed: still stored, not available.
    expect(await service.availability()).toMatchObject({ available: 21, pending: 0 });
    expect(await redeemCents(result.token)).toBe(100);
    await vi.waitFor(async () => expect(await withdrawalEvents(storage)).toHaveLength(1), WAIT);
    expect((await withdrawalEvents(storage))[0]).toMatchObject({ amount: 100, unit: 'usd' });
    expect(await storage.proofs.unitBalances()).toEqual([
      { mintUrl: mint.url, amount: { unit: 'sat', minor: 21 } },
      { mintUrl: mint.url, amount: { unit: 'usd', minor: 250 } },
    ]);
  });

  it('recovers the usd split whose reply was lost, storing the change in cents once', async () => {
    const { service, storage } = await setup(mint.url);
    await takeCents(storage, 350);
    mint.addFault({ path: '/v1/swap', action: 'dropResponse', unit: 'usd', count: 1 });

    const result = ok(await service.createToken({ unit: 'usd', amount: 100 }));

    expect(result.amount).toBe(100);
    expect(await consolidationJournals(storage)).toEqual([]);
    expect(await storage.proofs.balance()).toBe(0);
    expect(await storage.proofs.unitBalances()).toEqual([
      { mintUrl: mint.url, amount: { unit: 'usd', minor: 350 } },
    ]);
    expect(await redeemCents(result.token)).toBe(100);
  });

  it('keeps the cents and the journal when the mint dies mid-split, and finishes on restart', async () => {
    const first = await setup(mint.url);
    await takeCents(first.storage, 350);
    mint.addFault([
      { path: '/v1/swap', action: 'dropResponse', unit: 'usd', count: 1 },
      { path: '/v1/restore', action: 'error500' },
    ]);

    expect(await first.service.createToken({ unit: 'usd', amount: 100 })).toMatchObject({
      code: 'failed',
    });
    expect(await consolidationJournals(first.storage)).toHaveLength(1);
    mint.clearFaults();
    const restarted = await setup(mint.url, { storage: first.storage });
    await restarted.service.resumeAll();

    expect(await consolidationJournals(first.storage)).toEqual([]);
    expect(await first.storage.proofs.unitBalances()).toEqual([
      { mintUrl: mint.url, amount: { unit: 'usd', minor: 350 } },
    ]);
    expect(await first.storage.proofs.balance()).toBe(0);
  });

  // docs/decisions/0090-automatic-cash-out-per-unit.md: a usd token is cancelled from the Wallet.
  it('cancels a pending usd token: its cents come back, the old token is worthless', async () => {
    const { service, storage } = await setup(mint.url);
    await takeCents(storage, 350);
    const token = ok(await service.createToken({ unit: 'usd', amount: 100 }));

    const result = await service.cancelToken(token.id!);

    expect(result).toEqual({ status: 'cancelled', amount: 100, fee: 0 });
    expect(await storage.proofs.unitBalances()).toEqual([
      { mintUrl: mint.url, amount: { unit: 'usd', minor: 350 } },
    ]);
    expect(await storage.proofs.balance()).toBe(0);
    expect(await service.unitAvailability('usd')).toMatchObject({ available: 350, pending: 0 });
    await expect(redeemCents(token.token)).rejects.toThrow();
  });

  it('a usd cancel whose swap reply was lost: the cents come back once, by restore', async () => {
    const { service, storage } = await setup(mint.url);
    await takeCents(storage, 350);
    const token = ok(await service.createToken({ unit: 'usd', amount: 100 }));
    mint.addFault({ path: '/v1/swap', action: 'dropResponse', unit: 'usd', count: 1 });

    const result = await service.cancelToken(token.id!);

    expect(result).toMatchObject({ status: 'cancelled', amount: 100 });
    expect(await consolidationJournals(storage)).toEqual([]);
    expect(await storage.proofs.unitBalances()).toEqual([
      { mintUrl: mint.url, amount: { unit: 'usd', minor: 350 } },
    ]);
    await expect(redeemCents(token.token)).rejects.toThrow();
  });

  it('finds no sats to withdraw on a mint that holds only dollars', async () => {
    const { service, storage } = await setup(mint.url);
    await takeCents(storage, 200);
    await expectRefused(service, { code: 'no-proofs', error: 'No unspent proofs available' });
    expect((await storage.proofs.listUnspent(mint.url, 'usd')).length).toBeGreaterThan(0);
  });
});
