// The Dexie database 'cashew-pos': every schema version since the first release (row types are in
// rows.ts, which the upgrades and stores import without importing the database).
import { Dexie, type EntityTable, type Table } from 'dexie';
import type { SalesKeys } from '../../core/lock';
import type { RestoreScanRow } from '../../core/wallet/restore/types';
import type { LockedSaleBackupRow } from '../../core/backup/locked-sale-backups';
import type { PendingMelt } from '../../core/wallet/cash-out/ports';
import type { PendingForeignEcash } from '../../core/wallet/ecash/foreign/ports';
import type { HeldEcashPayload, PendingEcashReceipt } from '../../core/wallet/ecash/ports';
import type { CachedKeyset, OfflineSaleRow } from '../../core/wallet/ecash/offline/offline-ports';
import type { PendingMintQuote } from '../../core/wallet/mint/ports';
import type { PendingWithdrawal } from '../../core/wallet/withdraw/ports';
import type { CashierSale } from '../../core/remote-payments/cashier/cashier-sales';
import type { ParkedWrap } from '../../core/remote-payments/merchant/merchant-ports';
import type { Cart } from '../../core/items/cart';
import type { CatalogItem } from '../../core/items/item';
import type { StockRow } from '../../core/items/stock';
import { STOCK_TABLE, stockMiddleware } from '../shop/stock-moves';
import { DEFAULT_DB_NAME } from './db-name';
import { declareVersions } from './cheap-versions';
import { NO_SALES_KEYS } from '../keys/no-sales-keys';
import { ROW_COUNTS_TABLE, rowCountMiddleware, type RowCountRow } from './row-counts';
import {
  RECEIPT_COUNTER_TABLE,
  receiptNumberMiddleware,
  type ReceiptCounterRow,
} from '../history/receipt-numbers';
import type {
  CashierLinkRow,
  ConfigRow,
  CounterRow,
  HistoryRow,
  KeyRow,
  ProcessedQuoteRow,
  ProofRow,
  ProofTotalsRow,
  UnitTotalsRow,
  RecordBatchRow,
  RecordReadRow,
  RelayCursorRow,
} from './rows';
import {
  indexCashOutRequestsV17,
  normaliseKeyRows,
  buildProofTotalsV8,
  normaliseStoredUrlsV14,
  writeRowCountV9,
} from './upgrades';
import { tagProofUnitsV46 } from './unit-upgrade';

export { DEFAULT_DB_NAME };
export type { RowCountRow };

/** Tables whose row count is kept in rowCounts (see row-counts.ts). */
export const COUNTED_TABLES = ['historyEvents'] as const;

export class CashewDb extends Dexie {
  proofs!: EntityTable<ProofRow, 'secret'>;
  proofTotals!: EntityTable<ProofTotalsRow, 'mintUrl'>;
  unitTotals!: Table<UnitTotalsRow, [string, string]>;
  processedQuotes!: EntityTable<ProcessedQuoteRow, 'quoteId'>;
  config!: EntityTable<ConfigRow, 'key'>;
  historyEvents!: EntityTable<HistoryRow, 'id'>;
  keys!: EntityTable<KeyRow, 'key'>;
  mintQuotes!: EntityTable<PendingMintQuote, 'quote'>;
  withdrawals!: EntityTable<PendingWithdrawal, 'id'>;
  counters!: EntityTable<CounterRow, 'keysetId'>;
  rowCounts!: EntityTable<RowCountRow, 'table'>;
  restoreScans!: EntityTable<RestoreScanRow, 'id'>;
  melts!: EntityTable<PendingMelt, 'quote'>;
  cashierSales!: EntityTable<CashierSale, 'quote'>;
  cashierLinks!: EntityTable<CashierLinkRow, 'merchant'>;
  relayCursors!: EntityTable<RelayCursorRow, 'relay'>;
  inboxRetries!: EntityTable<ParkedWrap, 'id'>;
  /**
   * The till lock's sales key pair, which proof writes seal to and reads open with (decision
   * 0030); createStorage sets it, a bare database seals nothing.
   */
  sales: SalesKeys = NO_SALES_KEYS;
  items!: EntityTable<CatalogItem, 'id'>;
  carts!: EntityTable<Cart, 'id'>;
  ecashReceipts!: EntityTable<PendingEcashReceipt, 'id'>;
  foreignEcash!: EntityTable<PendingForeignEcash, 'id'>;
  heldEcash!: EntityTable<HeldEcashPayload, 'key'>;
  lockedSaleBackups!: EntityTable<LockedSaleBackupRow, 'id'>;
  recordBatches!: EntityTable<RecordBatchRow, 'n'>;
  recordReads!: EntityTable<RecordReadRow, 'key'>;
  mintKeysets!: EntityTable<CachedKeyset, 'id'>;
  offlineSales!: EntityTable<OfflineSaleRow, 'id'>;
  receiptCounter!: EntityTable<ReceiptCounterRow, 'id'>;
  stock!: EntityTable<StockRow, 'key'>;

  constructor(name: string = DEFAULT_DB_NAME) {
    super(name);
    // Every version below, declared at the cost of one schema pass (cheap-versions.ts).
    declareVersions(this, () => this.declareVersions());
    this.use(rowCountMiddleware(COUNTED_TABLES));
    this.use(receiptNumberMiddleware('historyEvents'));
    this.use(stockMiddleware('historyEvents'));
  }

  /** The schema's history: each version's stores and upgrade, oldest first. */
  private declareVersions(): void {
    // v1: the first release indexed isSpent, but booleans are not valid IndexedDB keys.
    this.version(1).stores({ proofs: '&secret, amount, createdAt, mintUrl, isSpent' });
    // v2: drop the useless boolean index; rows are unchanged.
    this.version(2).stores({ proofs: '&secret, amount, createdAt, mintUrl' });
    // v3: remember remote quotes already paid out, so a redelivered message is not minted twice.
    this.version(3).stores({ processedQuotes: '&quoteId, processedAt' });
    // v4: settings (mint URL, relays, onboarded flag, counter) move from localStorage to the db.
    this.version(4).stores({ config: '&key' });
    // v5: payment and withdrawal history for the wallet page.
    this.version(5).stores({ historyEvents: '++id, createdAt, type, mintUrl, quoteId' });
    // v6: device key, recovery phrase and seed.
    this.version(6).stores({ keys: '&key' });
    // v7: key values may be bytes or a string; older rows are normalised to one representation.
    this.version(7)
      .stores({ keys: '&key' })
      .upgrade((tx) => normaliseKeyRows(tx.table('keys')));
    // v8 (ours): pending mint quotes and withdrawals survive reloads, per-keyset counters, and
    // unspent-by-mint reads and balances no longer scan every proof.
    this.version(8)
      .stores({
        proofs: '&secret, amount, createdAt, mintUrl, spentFlag, [mintUrl+spentFlag]',
        proofTotals: '&mintUrl',
        mintQuotes: '&quote, mintUrl, state, createdAt',
        withdrawals: '&id, mintUrl',
        counters: '&keysetId',
      })
      .upgrade((tx) => buildProofTotalsV8(tx.table('proofs'), tx.table('proofTotals')));
    // v9 (ours): a stored history count, since counting 100k rows dominated every page read.
    this.version(9)
      .stores({ [ROW_COUNTS_TABLE]: '&table' })
      .upgrade((tx) => writeRowCountV9(tx.table('historyEvents'), tx.table(ROW_COUNTS_TABLE)));
    // v10 (ours): a phrase restore scan's progress, so a reload resumes it instead of starting over.
    this.version(10).stores({ restoreScans: '&id' });
    // v11 (ours): melts in flight (cash-out) survive reloads until the mint says PAID or UNPAID.
    this.version(11).stores({ melts: '&quote, mintUrl, request' });
    // v12 (ours): per relay, the last time the inbox had everything it kept, so a merchant offline
    // for days asks each relay from there instead of a fixed window
    // (docs/decisions/0013-pairing-hmac-and-relay-lookback.md).
    this.version(12).stores({ relayCursors: '&relay' });
    // v14 (ours): stored mint and relay URLs in the one normalised form (core/urls), so one mint
    // written two ways is not two balances. (12 and 13 are left for other changes in flight.)
    this.version(14)
      .stores({})
      .upgrade((tx) => normaliseStoredUrlsV14(tx));
    // v16 (ours): a remote cashier's sales until the merchant's receipt, and its links' pairing
    // secrets, so a reload keeps re-sending and listening (v12 to v15 are other branches' numbers).
    this.version(16).stores({
      cashierSales: '&quote, merchant, createdAt',
      cashierLinks: '&merchant',
    });
    // v17 (ours): a cash-out row's invoice is indexed, so "was this invoice paid already?" is one
    // seek, not a read of every cash-out (docs/decisions/0017-history-size-reads.md).
    this.version(17)
      .stores({ historyEvents: '++id, createdAt, type, mintUrl, quoteId, request' })
      .upgrade((tx) => indexCashOutRequestsV17(tx.table('historyEvents')));
    // v18 (ours): remote claims indexed by mint, so "which mints were used" seeks once per mint
    // instead of reading every claim of the last 30 days (IndexedDB fills the new index from the
    // rows already there; a claim written before its mint was recorded has none and is skipped).
    this.version(18).stores({ processedQuotes: '&quoteId, processedAt, mintUrl' });
    // v25 (ours): the inbox's retry list, messages it could not finish kept to be tried again
    // instead of holding a relay's lookback (docs/decisions/0027-bounded-inbox.md; 19 to 24 are
    // other branches' numbers).
    this.version(25).stores({ inboxRetries: '&id, addedAt' });
    // v27 (ours): ecash a customer paid with, journaled from its checks until its swap is stored
    // (docs/decisions/0032-ecash-payments.md; 26 is another branch's number).
    this.version(27).stores({ ecashReceipts: '&id, createdAt' });
    // v28 (ours): the merchant's catalog and the current cart with its parked baskets, so a
    // reload keeps both (docs/decisions/0033-items-cart-tax.md; 26 and 27 are other branches').
    this.version(28).stores({ items: '&id, position', carts: '&id' });
    // v32 (ours): ecash of other mints, journaled from its quotes until what arrived is minted
    // (docs/decisions/0040-foreign-mint-ecash.md; 29 to 31 are other branches' numbers).
    this.version(32).stores({ foreignEcash: '&id, createdAt, mintQuote.quote' });
    // v33 (ours): NUT-18 payloads that came before their remote sale's message, held (bounded)
    // until it names their request (docs/decisions/0044-ecash-before-its-sale.md).
    this.version(33).stores({ heldEcash: '&key, requestId, receivedAt' });
    // v35: the backups of sales taken while locked, kept until a relay takes them and until their
    // tombstone is published (docs/decisions/0050-locked-sales-on-the-relays.md). No release had
    // a v34.
    this.version(35).stores({ lockedSaleBackups: '&id' });
    // v36: the history follows the phrase: other devices' events found by their global id (each
    // stored once), this device's batches on the relays and the batches read
    // (docs/decisions/0051-records-on-the-relays.md).
    this.version(36).stores({
      historyEvents: '++id, createdAt, type, mintUrl, quoteId, request, &gid',
      recordBatches: '&n',
      recordReads: '&key',
    });
    // v41: the mint's keysets as last seen, and the sales taken while it could not be reached with
    // every secret they took (docs/decisions/0068-offline-ecash.md; 37 to 40 are other branches').
    this.version(41).stores({
      mintKeysets: '&id, mintUrl',
      offlineSales: '&id, takenAt, *secrets',
    });
    // v44: the device's receipt counter, advanced in the transaction of each sale it records
    // (docs/decisions/0074-receipt-numbers.md). 42, 43 and 45 were never used.
    this.version(44).stores({ [RECEIPT_COUNTER_TABLE]: '&id' });
    // v46: proofs of a fiat keyset carry their unit and are totalled per mint and unit apart from
    // the sats (docs/decisions/0067-amounts-carry-their-unit.md).
    this.version(46)
      .stores({ unitTotals: '&[mintUrl+unit], mintUrl' })
      .upgrade((tx) => tagProofUnitsV46(tx));
    // v48: counted stock per item and choice, moved in the transaction of each sale or refund
    // recorded (docs/protocol.md "Stock"). 47 is another change's.
    this.version(48).stores({ [STOCK_TABLE]: '&key' });
  }
}
