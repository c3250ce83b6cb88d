// Test helpers for storage tests: fresh database names, a recording logger, proof builders, a
// wallet with a known phrase.
import { mnemonicToSeedSync } from '@scure/bip39';
import { generateSecretKey } from 'nostr-tools/pure';
import { afterEach, expect } from 'vitest';
import { silentLogger, type Logger } from '../../core/logger';
import type { PaymentEventInput } from '../../core/history-ports';
import type { Settlement, SettleMintQuote } from '../../core/wallet/ledger-ports';
import type { NewProof } from '../../core/wallet/proof-ports';
import type { PendingWithdrawal } from '../../core/wallet/withdraw/ports';
import { createStorage, type Storage } from '../../storage/index';
import type { HintStorage } from '../../storage/first-screen/onboarded-hint';

let sequence = 0;

/** A database name no other test uses, so every test starts from an empty database. */
export function freshDbName(): string {
  sequence += 1;
  return `cashew-test-${process.pid}-${Date.now()}-${sequence}`;
}

export interface RecordingLogger extends Logger {
  errors: unknown[][];
}

export function recordingLogger(): RecordingLogger {
  const errors: unknown[][] = [];
  return {
    errors,
    debug: () => {},
    info: () => {},
    warn: () => {},
    error: (...args: unknown[]) => {
      errors.push(args);
    },
  };
}

export const MINT_A = 'https://mint-a.example';
export const MINT_B = 'https://mint-b.example';
export const DEFAULTS = { mintUrl: 'http://127.0.0.1:3338', relays: ['ws://127.0.0.1:7777'] };

export function proof(secret: string, amount: number): NewProof {
  return { secret, amount, id: '00abcdef01234567', C: `02${secret.padEnd(64, '0').slice(0, 64)}` };
}

/** A proof of a usd keyset: `amount` cents (docs/decisions/0067-amounts-carry-their-unit.md). */
export function centsProof(secret: string, amount: number): NewProof {
  return { ...proof(secret, amount), id: '00bcdef012345678', unit: 'usd' };
}

/** The journal row of a consolidation swap at MINT_A, open until its outputs are stored. */
export function consolidationJournal(
  id: string,
  inputSecrets: string[],
  cancels?: string,
): PendingWithdrawal {
  return {
    id,
    mintUrl: MINT_A,
    token: '',
    secrets: [],
    amount: 0,
    createdAt: 1,
    consolidation: {
      reservation: { keysetId: '00abcdef01234567', start: 0, count: 2 },
      inputSecrets,
      ...(cancels ? { cancels } : {}),
    },
  };
}

/** The payment event of quote q1: 12 sat taken directly at MINT_A. */
export const Q1_PAYMENT: PaymentEventInput = {
  type: 'direct-payment',
  amount: 12,
  mintUrl: MINT_A,
  quoteId: 'q1',
  request: 'lnbc120n1abc',
};

/** Settling quote q1: proofs of 4 and 8 sat and its payment event. */
export const SETTLE_Q1: SettleMintQuote = {
  quote: 'q1',
  mintUrl: MINT_A,
  proofs: [proof('p4', 4), proof('p8', 8)],
  event: Q1_PAYMENT,
};

/** Settles quote q1 (stored by putPaidQuote) with its payment event, `event` changing its fields. */
export function settleQ1(s: Storage, event: Partial<PaymentEventInput> = {}): Promise<Settlement> {
  return s.ledger.settleMintQuote({ ...SETTLE_Q1, event: { ...Q1_PAYMENT, ...event } });
}

/** Stores a paid 12-sat direct quote at MINT_A, pending until a settlement deletes it. */
export async function putPaidQuote(s: Storage, quote = 'q1'): Promise<void> {
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

export interface TestStorage extends Storage {
  logger: RecordingLogger;
  /** Set to move the injected clock. */
  now: { value: number };
}

/** Storage on `dbName` at a clock the test moves; with `hintStorage`, the first screen's copies too. */
export function testStorage(dbName = freshDbName(), hintStorage?: HintStorage): TestStorage {
  const logger = recordingLogger();
  const now = { value: 1_700_000_000_000 };
  const storage = createStorage({
    dbName,
    defaults: DEFAULTS,
    logger,
    clock: () => now.value,
    ...(hintStorage ? { hintStorage } : {}),
  });
  return { ...storage, logger, now };
}

/** Makes every later read or write fail, as a broken or blocked IndexedDB would. */
export function breakDatabase(storage: Storage): void {
  storage.db.close({ disableAutoOpen: true });
}

/**
 * A fresh database for a screen test, its settings already saved (the dev mint and `relays`) and
 * build defaults that differ from them. The caller closes it.
 */
export async function storageWithSettings(relays: string[]): Promise<Storage> {
  const storage = createStorage({
    dbName: freshDbName(),
    defaults: { mintUrl: 'https://default.mint', relays: ['wss://default.relay'] },
    logger: silentLogger,
  });
  await storage.config.saveSettings({ mintUrl: 'http://127.0.0.1:3338', relays });
  return storage;
}

/** The BIP-39 test vector used as the wallet's phrase where a test asks for its words. */
export const TEST_PHRASE =
  'legal winner thank year wave sausage worth useful legal winner thank yellow';

/**
 * Test storages closed after each test (the hook is registered once per file): `open()` an empty
 * one, `withPhrase()` one whose wallet keys carry TEST_PHRASE.
 */
export function closedAfterEach() {
  const opened: TestStorage[] = [];
  afterEach(() => {
    for (const s of opened.splice(0)) s.close();
  });
  const open = () => {
    const s = testStorage();
    opened.push(s);
    return s;
  };
  return {
    open,
    async withPhrase(): Promise<TestStorage> {
      const s = open();
      await s.keys.saveWalletKeys({
        secretKey: new Uint8Array(32).fill(1),
        mnemonic: TEST_PHRASE,
        seed: new Uint8Array(64).fill(2),
      });
      return s;
    },
  };
}

/** Gives a storage wallet keys as onboarding does: a fresh Nostr key, TEST_PHRASE and its seed. */
export async function saveFreshWalletKeys(s: Storage): Promise<Uint8Array> {
  const secretKey = generateSecretKey();
  await s.keys.saveWalletKeys({
    secretKey,
    mnemonic: TEST_PHRASE,
    seed: mnemonicToSeedSync(TEST_PHRASE),
  });
  return secretKey;
}

/** Sets a PIN, closes this tab and opens the database again: the till reloaded, and locked. */
export async function reloadLocked(first: TestStorage): Promise<TestStorage> {
  await first.lock.setPin('482915');
  first.close();
  const reloaded = testStorage(first.db.name);
  await reloaded.lock.init();
  expect(reloaded.lock.state()).toBe('locked');
  return reloaded;
}

/**
 * Two tabs of one new database ask the same thing at once and get the same answer; `check` sees
 * it (and the first tab), then both tabs are closed.
 */
export async function askTwoTabsAtOnce<T>(
  ask: (tab: TestStorage) => Promise<T>,
  check: (answer: T, first: TestStorage) => Promise<void>,
): Promise<void> {
  const dbName = freshDbName();
  const [a, b] = [testStorage(dbName), testStorage(dbName)];
  try {
    const [fromA, fromB] = await Promise.all([ask(a), ask(b)]);
    expect(fromA).toEqual(fromB);
    await check(fromA, a);
  } finally {
    a.close();
    b.close();
  }
}
