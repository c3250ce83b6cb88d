// The storage factory: opens the Dexie database and builds every repository over it.
import {
  DexieKeysetCache,
  DexieOfflineCaps,
  DexieOfflineSales,
} from './wallet/offline-ecash-store';
import type { Logger } from '../core/logger';
import type { Clock } from '../core/clock';
import type { HistoryStore } from '../core/history-ports';
import type { CashSaleRecorder } from '../core/staff/ports';
import type { KeyStore } from '../core/keys/ports';
import type { ProcessedQuoteStore } from '../core/remote-payments/merchant/processed-quote-ports';
import type { ConfigStore } from '../core/settings/ports';
import type { MeltLedger, MeltStore } from '../core/wallet/cash-out/ports';
import type { Ledger } from '../core/wallet/ledger-ports';
import type { MintQuoteStore } from '../core/wallet/mint/ports';
import type { ProofStore } from '../core/wallet/proof-ports';
import type { ProofStateStore } from '../core/wallet/proof-states/ports';
import type { WithdrawalStore } from '../core/wallet/withdraw/ports';
import type { CounterSource } from '@cashu/cashu-ts';
import type { RestoreLedger } from '../core/wallet/restore/types';
import type { PhraseCheckStore } from '../core/keys/phrase-check';
import type {
  CashierLinkStore,
  CashierSaleStore,
} from '../core/remote-payments/cashier/cashier-sales';
import { DexieConfigStore, type ConfigDefaults } from './database/config-store';
import { DexieCounterSource } from './wallet/counter-source';
import { CashewDb, DEFAULT_DB_NAME } from './database/db';
import { DexieHistoryStore } from './history/history-store';
import { DexieHistoryRange } from './history/history-range';
import { DexiePriceStore } from './shop/price-store';
import { DexieKeyStore } from './keys/key-store';
import { DexieLockStore } from './keys/lock-store';
import { TillLock } from '../core/lock';
import type { Checkpoint } from '../core/checkpoint';
import { DexieLedger } from './wallet/ledger';
import { DexieAutoCashOutStore } from './wallet/auto-cash-out-store';
import { DexieCashierLinkStore, DexieCashierSaleStore } from './remote/cashier-sale-store';
import { DexieMeltStore } from './wallet/melt-store';
import { DexieMerchantTrustStore } from './remote/merchant-trust-store';
import { DexieSalesInboxKeyStore } from './keys/sales-inbox-key-store';
import { DexieDeviceIdentityStore } from './keys/device-identity-store';
import { DexieRecordsStore } from './history/records-store';
import { DexieInboxRetryStore } from './remote/inbox-retry-store';
import { cashierCartScope } from '../core/items/cart';
import { DexieCartStore, DexieItemStore, DexieTipSettingsStore } from './shop/item-store';
import { DexieStockStore } from './shop/stock-store';
import { DexieBooksSettingsStore } from './shop/books-settings-store';
import { DexieCashierPriceStore } from './remote/cashier-price-store';
import { DexieReceiptPrintStore } from './history/receipt-print-store';
import { DexieTillUnitStore } from './shop/till-unit-store';
import { DexieLanguageStore } from './shop/language-store';
import { DexieStaffStore } from './shop/staff-store';
import { DexieHeldEcash } from './wallet/held-ecash-store';
import { DexieBackupNotes } from './shop/backup-notes-store';
import { DexieLockedSaleBackups } from './wallet/locked-sale-backup-store';
import { DexieForeignEcash } from './wallet/foreign-ecash-store';
import { DexieEcashReceipts } from './wallet/ecash-receipt-store';
import { DexieMintQuoteStore } from './wallet/mint-quote-store';
import { DexieProcessedQuoteStore } from './remote/processed-quote-store';
import { DexiePhraseCheckStore } from './keys/phrase-check-store';
import { DexieProofStore } from './wallet/proof-store';
import { DexieProofStateStore } from './wallet/proof-state-store';
import { DexieRestoreLedger } from './wallet/restore-ledger';
import { DexieWithdrawalStore } from './wallet/withdrawal-store';
import { DexieWalletReset } from './wallet/wallet-reset';
import type { HintStorage } from './first-screen/onboarded-hint';

export { CashewDb, DEFAULT_DB_NAME } from './database/db';
export type { ConfigDefaults } from './database/config-store';

export interface StorageOptions {
  /** Defaults to 'cashew-pos'; tests pass a fresh name each. */
  dbName?: string;
  /** Written back when the stored mint URL or relays are missing or invalid. */
  defaults: ConfigDefaults;
  logger: Logger;
  clock?: Clock;
  /** The price source URL used until the merchant sets one (the build's VITE_PRICE_URL). */
  defaultPriceUrl?: string;
  /** tests stop a PIN change between its steps */
  checkpoint?: Checkpoint;
  /** A clock the merchant cannot set, for the PIN waits and gate (performance.now unless a test passes one). */
  monotonic?: Clock;
  /** Where the ONBOARDED flag's copy goes (onboarded-hint.ts); localStorage unless a test passes one. */
  hintStorage?: HintStorage;
}

export interface Storage {
  db: CashewDb;
  config: ConfigStore;
  keys: KeyStore;
  proofs: ProofStore;
  /** What mints said of the stored proofs (NUT-07): spent ones removed, pending ones marked. */
  proofStates: ProofStateStore;
  /** the history, and cash sales recorded into it (decision 0066) */
  history: HistoryStore & CashSaleRecorder;
  mintQuotes: MintQuoteStore;
  withdrawals: WithdrawalStore;
  processedQuotes: ProcessedQuoteStore;
  ledger: Ledger & MeltLedger;
  /** cash-outs in flight (written through ledger) */
  melts: MeltStore;
  /** automatic cash-out settings (off by default) */
  autoCashOut: DexieAutoCashOutStore;
  counterSource: CounterSource;
  /** The phrase restore scan's progress row and its one-transaction batch writes. */
  restore: RestoreLedger;
  /** Whether the recovery phrase was checked, and the reminder's pause (config rows). */
  phraseCheck: PhraseCheckStore;
  /** A remote cashier's sales until the merchant's receipt (the cashier page only). */
  cashierSales: CashierSaleStore;
  /** Pairing secrets of the cashier links this device opened, per merchant. */
  cashierLinks: CashierLinkStore;
  /** Remote cashier trust: pairing secret, unpaired setting, relay lookback, mints used, receipts. */
  merchantTrust: DexieMerchantTrustStore;
  /** The inbox's retry list: messages it could not finish, tried again at each start. */
  inboxRetries: DexieInboxRetryStore;
  /** The sales inbox key, plain: a locked till takes remote sales with it (decision 0030). */
  salesInboxKey: DexieSalesInboxKeyStore;
  /** The device key and the identity it certified (docs/protocol.md "Device envelopes"). */
  deviceIdentity: DexieDeviceIdentityStore;
  /** This device's history batches on the relays and the other devices' events imported. */
  records: DexieRecordsStore;
  /** Ecash paid by customers, journaled until swapped (also the ledger of its two writes). */
  ecashReceipts: DexieEcashReceipts;
  /** Ecash of other mints, journaled from its quotes until what arrived is minted. */
  foreignEcash: DexieForeignEcash;
  heldEcash: DexieHeldEcash;
  /** The mint's keysets as last seen, for checks without it (docs/protocol.md "Ecash taken offline"). */
  keysetCache: DexieKeysetCache;
  offlineSales: DexieOfflineSales;
  offlineCaps: DexieOfflineCaps;
  /** What a relay last took of each backup on the relays, noted across page loads (config rows). */
  backupNotes: DexieBackupNotes;
  /** Backups of sales taken while locked, until a relay took them and they are removed again. */
  lockedSaleBackups: DexieLockedSaleBackups;
  /** History events by time, page by page (CSV export, day summary). */
  historyRange: DexieHistoryRange;
  /** Display currency, price source URL and the cached price table (config rows). */
  prices: DexiePriceStore;
  /** The merchant PIN: seals the key rows, gates protected actions (docs/security.md). */
  lock: TillLock;
  /** Settings' Replace wallet: what would be left behind, and the wallet forgotten at once. */
  walletReset: DexieWalletReset;
  /** The merchant's catalog (docs/decisions/0033-items-cart-tax.md). */
  items: DexieItemStore;
  /** Counted stock per item and choice, moved by each sale and refund recorded (schema v48). */
  stock: DexieStockStore;
  /** The current cart and parked baskets. */
  carts: DexieCartStore;
  /** A remote cashier's current cart and parked baskets for one merchant, on this device. */
  cashierCarts: (merchantPubkeyHex: string) => DexieCartStore;
  /** A remote cashier's last accepted price for one merchant's source (decision 0053). */
  cashierPrices: (merchantPubkeyHex: string) => DexieCashierPriceStore;
  /** Tips on the checkout (off by default). */
  tips: DexieTipSettingsStore;
  /** The shop's address, tax number, tax and discount rules (decision 0064). */
  books: DexieBooksSettingsStore;
  /** Print receipts automatically: the setting and the one print per sale (decision 0034). */
  receiptPrint: DexieReceiptPrintStore;
  /** The language chosen in Settings, and its copy for the first render (decision 0055). */
  language: DexieLanguageStore;
  /** The staff list, who is at this till and this device's shifts (decision 0066). */
  staff: DexieStaffStore;
  /** The unit the till charges in (decision 0067). */
  tillUnit: DexieTillUnitStore;
  /** Closes the database connection (tests, or before deleting the database). */
  close(): void;
}

/** Dexie opens lazily on first use, so this is synchronous and cheap. */
export function createStorage(options: StorageOptions): Storage {
  const db = new CashewDb(options.dbName ?? DEFAULT_DB_NAME);
  const clock = options.clock ?? Date.now;
  const { logger } = options;
  const lock = new TillLock({
    store: new DexieLockStore(db, clock),
    clock,
    logger,
    ...(options.checkpoint ? { checkpoint: options.checkpoint } : {}),
    ...(options.monotonic ? { monotonic: options.monotonic } : {}),
  });
  db.sales = lock;
  const counterSource = new DexieCounterSource(db, clock);
  return {
    db,
    config: new DexieConfigStore(db, options.defaults, clock, options.hintStorage),
    keys: new DexieKeyStore(db, clock, lock),
    proofs: new DexieProofStore(db, clock, logger),
    proofStates: new DexieProofStateStore(db, clock),
    history: new DexieHistoryStore(db, clock),
    mintQuotes: new DexieMintQuoteStore(db, counterSource),
    withdrawals: new DexieWithdrawalStore(db),
    processedQuotes: new DexieProcessedQuoteStore(db, clock, logger),
    ledger: new DexieLedger(db, clock),
    melts: new DexieMeltStore(db),
    autoCashOut: new DexieAutoCashOutStore(db, clock),
    counterSource,
    restore: new DexieRestoreLedger(db, clock),
    phraseCheck: new DexiePhraseCheckStore(db, clock),
    cashierSales: new DexieCashierSaleStore(db),
    cashierCarts: (merchant) => new DexieCartStore(db, clock, cashierCartScope(merchant)),
    cashierPrices: (merchant) => new DexieCashierPriceStore(db, clock, merchant),
    cashierLinks: new DexieCashierLinkStore(db, clock),
    merchantTrust: new DexieMerchantTrustStore(db, clock, lock),
    inboxRetries: new DexieInboxRetryStore(db),
    salesInboxKey: new DexieSalesInboxKeyStore(db, clock),
    deviceIdentity: new DexieDeviceIdentityStore(db, clock),
    records: new DexieRecordsStore(db, clock),
    ecashReceipts: new DexieEcashReceipts(db, clock),
    foreignEcash: new DexieForeignEcash(db, clock),
    heldEcash: new DexieHeldEcash(db),
    keysetCache: new DexieKeysetCache(db),
    offlineSales: new DexieOfflineSales(db),
    offlineCaps: new DexieOfflineCaps(db, clock),
    backupNotes: new DexieBackupNotes(db, clock),
    lockedSaleBackups: new DexieLockedSaleBackups(db),
    historyRange: new DexieHistoryRange(db),
    prices: new DexiePriceStore(db, clock, options.defaultPriceUrl),
    lock,
    walletReset: new DexieWalletReset(db, clock, options.hintStorage),
    items: new DexieItemStore(db),
    stock: new DexieStockStore(db, clock),
    carts: new DexieCartStore(db, clock),
    tips: new DexieTipSettingsStore(db, clock),
    books: new DexieBooksSettingsStore(db, clock),
    receiptPrint: new DexieReceiptPrintStore(db, clock),
    language: new DexieLanguageStore(db, clock, options.hintStorage),
    staff: new DexieStaffStore(db, clock),
    tillUnit: new DexieTillUnitStore(db, clock),
    close: () => db.close(),
  };
}
