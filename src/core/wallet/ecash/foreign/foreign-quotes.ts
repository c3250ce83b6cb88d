// The QuoteMinter's view of the invoices journaled with ecash of other mints: their quotes are
// minted as any paid quote, and recorded as the ecash sale (docs/protocol.md "Ecash from other mints").
import type { Logger } from '../../../logger';
import type { Settlement, SettleMintQuote } from '../../ledger-ports';
import type { MintQuoteStore, PendingMintQuote } from '../../mint/ports';
import type { ForeignEcashStore, PendingForeignEcash } from './ports';
import type { SaleDetail } from '../../../sale/sale-detail';
import { sumSats } from '../../proof-convert';
import { ecashSale } from '../ecash-sale';
import type { QuoteMinterDeps } from '../../mint/quote-minter';

/** The invoices of journaled foreign ecash as a MintQuoteStore: the row's `mintQuote`. */
export function foreignQuoteStore(store: ForeignEcashStore): MintQuoteStore {
  return {
    async get(quote) {
      return (await store.byQuote(quote))?.mintQuote;
    },
    async list() {
      return (await store.list()).map((row) => row.mintQuote);
    },
    async put(quote) {
      // Only ever a row that is still journaled: a gone row was settled (or given up) already.
      const row = await store.byQuote(quote.quote);
      if (row) await store.update(row.id, { mintQuote: quote });
    },
    async update(quote, changes) {
      const row = await store.byQuote(quote);
      if (!row) return;
      const next: Record<string, unknown> = { ...row.mintQuote };
      // As Dexie's update does: a key set to undefined is removed.
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined) delete next[key];
        else next[key] = value;
      }
      await store.update(row.id, { mintQuote: next as unknown as PendingMintQuote });
    },
    async remove() {
      // The row goes only with the sale it records (settle), never on the minter's word.
    },
  };
}

/** The sale a foreign row records: what arrived, the overpayment as tip, paid in ecash. */
export function foreignSale(row: PendingForeignEcash, arrived: number): SaleDetail {
  return ecashSale(row.sale, row.saleAmount, arrived);
}

/** The minter's ledger for these quotes: one transaction stores the proofs and the ecash sale. */
export function foreignLedger(store: ForeignEcashStore, logger: Logger): QuoteMinterDeps['ledger'] {
  return {
    async settleMintQuote(args: SettleMintQuote): Promise<Settlement> {
      const row = await store.byQuote(args.quote);
      // Settled (or given up) already: nothing is written; the minter reads no balance then.
      if (!row) return { settled: false, balance: 0 };
      const arrived = sumSats(args.proofs);
      return store.settle({
        id: row.id,
        mintUrl: args.mintUrl,
        proofs: args.proofs,
        event: {
          amount: arrived,
          mintUrl: args.mintUrl,
          receiptId: row.id,
          // Everything the customer's ecash lost on the way: the other mint's fees and reserve.
          fee: sumSats(row.inputs) - arrived,
          sale: foreignSale(row, arrived),
          ...(row.fiat ? { fiat: row.fiat } : {}),
        },
      });
    },
    async closeMintQuote(quote) {
      // Issued without our outputs: nobody else holds this quote, so this is a mint's error. The
      // row (and the customer's proofs) is kept for the merchant, never retried.
      const row = await store.byQuote(quote);
      if (!row) return;
      logger.error(`Invoice ${quote} for ecash from ${row.foreignMint} was issued elsewhere`);
      await store.update(row.id, { state: 'failed' });
    },
  };
}

/** Minter hooks for these quotes: what was settled, read back by the caller of `settle`. */
export function foreignMinterHooks(
  settled: Map<string, { amount: number; balance: number }>,
): Pick<QuoteMinterDeps, 'onSettled' | 'onIssuedElsewhere'> {
  return {
    onSettled: ({ quote, amount, balance }) => {
      settled.set(quote.quote, { amount, balance });
    },
    onIssuedElsewhere: async () => {},
  };
}
