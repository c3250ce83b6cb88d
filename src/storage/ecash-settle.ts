// Closing an ecash journal row on Dexie, the same for the merchant's own mint and for other mints: the proofs, the sale and the row's end in one transaction (docs/protocol.md "Receiving ecash").
import type { Table } from 'dexie';
import type { EcashPaymentEventInput, NewProof, Settlement } from '../core/ports';
import type { CashewDb } from './db';
import type { HistoryRow } from './rows';
import { insertProofs, totalUnspent } from './proof-writes';

export function ecashPaymentRow(
  event: EcashPaymentEventInput,
  now: number,
): Omit<HistoryRow, 'id'> {
  return {
    createdAt: now,
    type: 'ecash-payment',
    amount: event.amount,
    mintUrl: event.mintUrl,
    quoteId: event.receiptId,
    metadata: JSON.stringify({ inputFee: event.fee }),
    ...(event.fiat ? { fiat: { ...event.fiat } } : {}),
    sale: structuredClone(event.sale),
  };
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
  return db.transaction(
    'rw',
    [journal, db.proofs, db.proofTotals, db.historyEvents, db.mintQuotes],
    async () => {
      const row = await journal.get(args.id);
      if (row === undefined) return { settled: false, balance: await totalUnspent(db) };
      const at = now();
      await insertProofs(db, args.proofs, args.mintUrl, at);
      await db.historyEvents.add(ecashPaymentRow(args.event, at));
      await journal.delete(args.id);
      // The sale's invoice closes with it: nothing can be minted for a sale already paid.
      if (row.closesQuote !== undefined) await db.mintQuotes.delete(row.closesQuote);
      return { settled: true, balance: await totalUnspent(db) };
    },
  );
}
