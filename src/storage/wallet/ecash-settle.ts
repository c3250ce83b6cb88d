// Closing an ecash journal row on Dexie, the same for the merchant's own mint and for other mints: the proofs, the sale and the row's end in one transaction (docs/protocol.md "Receiving ecash").
import type { Table } from 'dexie';
import type { EcashPaymentEventInput } from '../../core/wallet/ecash/ports';
import type { Settlement } from '../../core/wallet/ledger-ports';
import type { NewProof } from '../../core/wallet/proof-ports';
import type { CashewDb } from '../database/db';
import { historyRow, saleColumns, type NewHistoryRow } from '../history/history-row';
import { insertProofs, proofTransaction, totalUnspent } from './proof-writes';

/**
 * `closesQuote`: the sale's invoice, named in the metadata so a remote cashier asking again for
 * the sale's receipt finds it (MerchantTrustStore.creditedSale).
 */
export function ecashPaymentRow(
  event: EcashPaymentEventInput,
  now: number,
  closesQuote?: string,
): NewHistoryRow {
  const metadata = { inputFee: event.fee, ...(closesQuote ? { closesQuote } : {}) };
  return {
    ...historyRow(now, 'ecash-payment', event, metadata),
    quoteId: event.receiptId,
    ...(event.unit ? { unit: event.unit } : {}),
    ...saleColumns(event),
  };
}

/**
 * Closes the invoice of a sale paid in ecash; a remote sale's claim records why, so start-up
 * reconciliation does not take the closed quote for one never tracked and reopen it.
 */
export async function closeSaleQuote(db: CashewDb, quote: string): Promise<void> {
  await db.mintQuotes.delete(quote);
  await db.processedQuotes.update(quote, { outcome: 'paid-ecash' });
}

export interface EcashSettleArgs {
  id: string;
  mintUrl: string;
  proofs: NewProof[];
  event: EcashPaymentEventInput;
}

/**
 * Stores what arrived and records the sale once: a row already gone (another tab settled it) is
 * settled by no one again.
 */
export async function settleEcashJournal<Row extends { closesQuote?: string }>(
  db: CashewDb,
  journal: Table<Row, string>,
  now: () => number,
  args: EcashSettleArgs,
): Promise<Settlement> {
  return proofTransaction(
    db,
    [journal, db.historyEvents, db.mintQuotes, db.processedQuotes],
    async () => {
      const row = await journal.get(args.id);
      if (row === undefined) return { settled: false, balance: await totalUnspent(db) };
      const at = now();
      await insertProofs(db, args.proofs, args.mintUrl, at);
      await db.historyEvents.add(ecashPaymentRow(args.event, at, row.closesQuote));
      await journal.delete(args.id);
      // The sale's invoice closes with it: nothing can be minted for a sale already paid.
      if (row.closesQuote !== undefined) await closeSaleQuote(db, row.closesQuote);
      return { settled: true, balance: await totalUnspent(db) };
    },
  );
}
