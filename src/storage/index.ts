// The storage factory: opens the Dexie database and builds every repository over it.
import type { Logger } from '../core/logger';
import type {
  Clock,
  ConfigStore,
  CounterSource,
  HistoryStore,
  KeyStore,
  Ledger,
  MintQuoteStore,
  ProcessedQuoteStore,
  ProofStore,
  WithdrawalStore,
} from '../core/ports';
import { DexieConfigStore, type ConfigDefaults } from './config-store';
import { DexieCounterSource } from './counter-source';
import { CashewDb, DEFAULT_DB_NAME } from './db';
import { DexieHistoryStore } from './history-store';
import { DexieKeyStore } from './key-store';
import { DexieLedger } from './ledger';
import { DexieMintQuoteStore } from './mint-quote-store';
import { DexieProcessedQuoteStore } from './processed-quote-store';
import { DexieProofStore } from './proof-store';
import { DexieWithdrawalStore } from './withdrawal-store';

export { CashewDb, DEFAULT_DB_NAME } from './db';
export type { ConfigDefaults } from './config-store';

export interface StorageOptions {
  /** Defaults to 'cashew-pos'; tests pass a fresh name each. */
  dbName?: string;
  /** Written back when the stored mint URL or relays are missing or invalid. */
  defaults: ConfigDefaults;
  logger: Logger;
  clock?: Clock;
}

export interface Storage {
  db: CashewDb;
  config: ConfigStore;
  keys: KeyStore;
  proofs: ProofStore;
  history: HistoryStore;
  mintQuotes: MintQuoteStore;
  withdrawals: WithdrawalStore;
  processedQuotes: ProcessedQuoteStore;
  ledger: Ledger;
  counterSource: CounterSource;
  /** Closes the database connection (tests, or before deleting the database). */
  close(): void;
}

/** Dexie opens lazily on first use, so this is synchronous and cheap. */
export function createStorage(options: StorageOptions): Storage {
  const db = new CashewDb(options.dbName ?? DEFAULT_DB_NAME);
  const clock = options.clock ?? Date.now;
  const { logger } = options;
  return {
    db,
    config: new DexieConfigStore(db, options.defaults, clock),
    keys: new DexieKeyStore(db, clock),
    proofs: new DexieProofStore(db, clock, logger),
    history: new DexieHistoryStore(db, clock),
    mintQuotes: new DexieMintQuoteStore(db),
    withdrawals: new DexieWithdrawalStore(db),
    processedQuotes: new DexieProcessedQuoteStore(db, clock, logger),
    ledger: new DexieLedger(db, clock),
    counterSource: new DexieCounterSource(db, clock),
    close: () => db.close(),
  };
}
