// The wallet screen's services before the app's have loaded: its first page read on a connection
// of its own (Dexie and the stores, no protocol library), and every action forwarded to the app's
// services once they are in, so the screen renders from storage while cashu-ts, nostr-tools and
// the services load behind it (docs/performance.md "Wallet at scale"). A tap in the meantime waits
// for them, never lost. Loaded by the wallet's route as its own chunk.
import { WithdrawReads } from '../../core/wallet/withdraw/withdraw-reads';
import type { WalletServices } from '../../features/wallet/deps';
import type { PinGate } from '../../ui/pin/PinPrompt';
import { DexieConfigStore } from '../../storage/database/config-store';
import { CashewDb, DEFAULT_DB_NAME } from '../../storage/database/db';
import { DexieHistoryRange } from '../../storage/history/history-range';
import { DexieHistoryStore } from '../../storage/history/history-store';
import { DexiePhraseCheckStore } from '../../storage/keys/phrase-check-store';
import { DexieBooksSettingsStore } from '../../storage/shop/books-settings-store';
import { DexieTillUnitStore } from '../../storage/shop/till-unit-store';
import { DexieBalanceReads } from '../../storage/wallet/balance-reads';
import { readProofStates } from '../../storage/wallet/proof-states-row';
import { listWithdrawals } from '../../storage/wallet/withdrawal-list';
import type { AppServices } from './complete';
import { deferredCalls, type ServiceSource } from './deferred';

/**
 * The wallet screen's services: storage reads at once, the rest through `source.load()`. Dexie
 * opens the connection on first use; a deleted database closes it (wallet replaced).
 */
export function walletFirstServices(source: ServiceSource): WalletServices {
  const { base } = source;
  const { logger, events, clock } = base;
  const db = new CashewDb(base.storageOptions.dbName ?? DEFAULT_DB_NAME);
  const config = new DexieConfigStore(db, base.storageOptions.defaults, clock);
  const proofs = new DexieBalanceReads(db, logger);
  let loaded: AppServices | null = null;
  const later = deferredCalls(() =>
    source.load().then((services) => {
      loaded = services;
      return services;
    }),
  );
  // The PIN's gate reads closed until the services are in; usePinGate then asks init() and
  // decides on the loaded lock (a tap is run or prompted for, never dropped).
  const lock: PinGate = {
    ...later.methods((s) => s.lock, ['init', 'openGate', 'waitMs'] as const),
    gateOpen: () => loaded?.lock.gateOpen() ?? false,
  };
  // The proofs themselves (sealed while a PIN is set) are opened by the services' store only.
  const reads = new WithdrawReads({
    proofs: {
      balance: (mintUrl) => proofs.balance(mintUrl),
      listUnspent: (...args) => later.call((s) => s.storage.proofs.listUnspent(...args)),
    },
    withdrawals: { list: () => listWithdrawals(db) },
    proofStates: { pendingSats: async () => (await readProofStates(db)).pending },
    config,
    logger,
  });
  const staff = later.methods((s) => s.staff, [
    'shifts',
    'startShift',
    'endShift',
    'report',
    'allows',
    'current',
    'list',
  ] as const);
  return {
    logger,
    events,
    clock,
    storage: {
      proofs,
      history: new DexieHistoryStore(db, clock),
      config,
      phraseCheck: new DexiePhraseCheckStore(db, clock),
      keys: later.methods((s) => s.storage.keys, ['getMnemonic'] as const),
      historyRange: new DexieHistoryRange(db),
      books: new DexieBooksSettingsStore(db, clock),
      tillUnit: new DexieTillUnitStore(db, clock),
    },
    withdraw: {
      listPending: () => reads.listPending(),
      availability: () => reads.availability(),
      ...later.methods((s) => s.withdraw, [
        'prepare',
        'createToken',
        'cancelToken',
        'unitAvailability',
      ] as const),
    },
    cashOut: later.methods((s) => s.cashOut, [
      'prepare',
      'pay',
      'listPending',
      'spendable',
    ] as const),
    proofStates: later.methods((s) => s.proofStates, ['checkAll'] as const),
    foreignFailed: later.methods((s) => s.foreignFailed, [
      'list',
      'token',
      'close',
      'retry',
    ] as const),
    offlineEcash: later.methods((s) => s.offlineEcash, ['list'] as const),
    staff,
    prices: later.methods((s) => s.prices, ['settings'] as const),
    mintName: (mintUrl) => later.call((s) => s.mintName(mintUrl)),
    lock,
  };
}
