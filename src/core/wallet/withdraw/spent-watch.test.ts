// SpentWatcher with a scripted mint client: one event per redemption, socket drop falls back to a
// poll, a failing mint is retried, and inputs of our own consolidation swap are never settled.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { testStorage, type TestStorage } from '../../../testing/storage/db';
import type { PendingWithdrawal } from './ports';
import { SpentWatcher } from './spent-watch';
import { proofY, type ProofStateClient, type ProofStateEntry } from './spent-watch-client';
import { recordedEvents } from '../../../testing/wallet/recorded-events';

const MINT = 'http://mint.test';
const WAIT = { timeout: 5_000, interval: 10 };
const watchers: SpentWatcher[] = [];

afterEach(() => {
  for (const watcher of watchers.splice(0)) watcher.stop();
});

/** A mint whose proof states the test sets; the socket can be live, dropped or absent. */
class ScriptedMint implements ProofStateClient {
  readonly spent = new Set<string>();
  failing = false;
  checks = 0;
  private listener: ((entry: ProofStateEntry) => void) | undefined;
  private closed: ((error?: Error) => void) | undefined;

  constructor(private readonly socket: boolean) {
    if (!socket) this.subscribe = undefined;
  }

  async check(Ys: string[]): Promise<ProofStateEntry[]> {
    this.checks++;
    if (this.failing) throw new Error('Network request failed');
    return Ys.map((Y) => ({ Y, state: this.spent.has(Y) ? 'SPENT' : 'UNSPENT' }));
  }

  subscribe?: ProofStateClient['subscribe'] = async (_Ys, onUpdate, onClosed) => {
    this.listener = onUpdate;
    this.closed = onClosed;
    return () => {
      this.listener = undefined;
    };
  };

  /** The receiver redeems: the mint marks them spent and pushes one message per proof. */
  redeem(secrets: string[], push = true): void {
    for (const secret of secrets) {
      this.spent.add(proofY(secret));
      if (push && this.socket) this.listener?.({ Y: proofY(secret), state: 'SPENT' });
    }
  }

  /** One redemption (every proof spent at once) whose pushes come `gapMs` apart, as on a busy link. */
  async redeemWithSlowPushes(secrets: string[], gapMs: number): Promise<void> {
    for (const secret of secrets) this.spent.add(proofY(secret));
    for (const secret of secrets) {
      this.listener?.({ Y: proofY(secret), state: 'SPENT' });
      await new Promise((resolve) => setTimeout(resolve, gapMs));
    }
  }

  dropSocket(): void {
    this.closed?.(new Error('socket closed'));
  }
}

async function setup(client: ScriptedMint, amounts: number[]) {
  const storage = testStorage();
  const secrets = amounts.map((_, i) => `secret-${i}-${Math.random()}`);
  await storage.proofs.add(
    secrets.map((secret, i) => ({
      secret,
      amount: amounts[i]!,
      id: '00aa',
      C: '02' + 'b'.repeat(64),
    })),
    MINT,
  );
  const withdrawal: PendingWithdrawal = {
    id: 'w1',
    mintUrl: MINT,
    token: 'cashuB...',
    secrets,
    amount: amounts.reduce((a, b) => a + b, 0),
    createdAt: 1,
  };
  await storage.withdrawals.put(withdrawal);
  const { events, updates } = recordedEvents();
  const watcher = new SpentWatcher({
    withdrawals: storage.withdrawals,
    ledger: storage.ledger,
    events,
    logger: storage.logger,
    clientFor: () => client,
    intervals: { pollMs: 50, safetyPollMs: 60_000, resubscribeMs: 60_000, batchMs: 50 },
  });
  watchers.push(watcher);
  return { storage, secrets, withdrawal, watcher, updates };
}

async function withdrawalAmounts(storage: TestStorage): Promise<number[]> {
  const page = await storage.history.page(1, 100);
  return page.events.filter((e) => e.type === 'withdrawal').map((e) => e.amount);
}

describe('SpentWatcher', () => {
  it('records one withdrawal event when the socket reports each proof separately', async () => {
    const mint = new ScriptedMint(true);
    const { storage, secrets, withdrawal, watcher, updates } = await setup(mint, [1, 2, 4, 8]);
    await watcher.watch(withdrawal);

    mint.redeem(secrets);

    await expect.poll(() => storage.proofs.balance(), WAIT).toBe(0);
    await watcher.idle();
    expect(await withdrawalAmounts(storage)).toEqual([15]);
    expect(updates).toEqual([{ reason: 'withdrawal', amount: 15 }]);
    expect(watcher.watching()).toEqual([]);
    expect(await storage.withdrawals.list()).toEqual([]);
  });

  it('records one withdrawal event when the socket reports the proofs of one redemption far apart', async () => {
    const mint = new ScriptedMint(true);
    const { storage, secrets, withdrawal, watcher } = await setup(mint, [1, 2, 4, 8]);
    await watcher.watch(withdrawal);

    // Three times the batching window between pushes: the mint is asked about all of them.
    await mint.redeemWithSlowPushes(secrets, 150);

    await expect.poll(() => storage.proofs.balance(), WAIT).toBe(0);
    await watcher.idle();
    expect(await withdrawalAmounts(storage)).toEqual([15]);
  });

  it('finds a spend by polling after the socket dropped without telling', async () => {
    const mint = new ScriptedMint(true);
    const { storage, secrets, withdrawal, watcher } = await setup(mint, [5, 10]);
    await watcher.watch(withdrawal);

    mint.redeem(secrets, false); // the push is lost with the socket
    mint.dropSocket();

    await expect.poll(() => storage.proofs.balance(), WAIT).toBe(0);
    expect(await withdrawalAmounts(storage)).toEqual([15]);
  });

  it('keeps polling while the mint is unreachable and settles once it answers', async () => {
    const mint = new ScriptedMint(false);
    const { storage, secrets, withdrawal, watcher } = await setup(mint, [3]);
    mint.failing = true;
    await watcher.watch(withdrawal);
    mint.redeem(secrets);
    await expect.poll(() => mint.checks, WAIT).toBeGreaterThan(2);
    expect(await storage.proofs.balance()).toBe(3);

    mint.failing = false;
    await expect.poll(() => storage.proofs.balance(), WAIT).toBe(0);
    expect(await withdrawalAmounts(storage)).toEqual([3]);
  });

  it('never settles proofs that are inputs of a journaled consolidation swap', async () => {
    const mint = new ScriptedMint(false);
    const { storage, secrets, withdrawal, watcher } = await setup(mint, [2, 2]);
    await storage.withdrawals.put({
      id: 'consolidation-1',
      mintUrl: MINT,
      token: '',
      secrets: [],
      amount: 4,
      createdAt: 2,
      consolidation: {
        reservation: { keysetId: '00aa', start: 0, count: 1 },
        inputSecrets: secrets,
      },
    });
    await watcher.watch(withdrawal);
    mint.redeem(secrets); // our own swap spent them
    await expect.poll(() => mint.checks, WAIT).toBeGreaterThan(2);
    await watcher.idle();

    expect(await storage.proofs.balance()).toBe(4);
    expect(await withdrawalAmounts(storage)).toEqual([]);
  });
});
