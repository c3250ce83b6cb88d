// Ecash receipts on Dexie: the journal of a customer's ecash from its checks until its swap is
// stored, and the two transactions that open and close it (docs/protocol.md "Receiving ecash").
import type {
  Clock,
  EcashLedger,
  EcashPaymentEventInput,
  EcashReceiptStore,
  NewProof,
  PendingEcashReceipt,
  Settlement,
} from '../core/ports';
import type { CashewDb } from './db';
import type { HistoryRow } from './rows';
import { insertProofs, totalUnspent } from './proof-writes';

/**
 * `closesQuote`: the sale's invoice, named in the metadata so a remote cashier asking again for
 * the sale's receipt finds it (MerchantTrustStore.creditedSale).
 */
export function ecashPaymentRow(
  event: EcashPaymentEventInput,
  now: number,
  closesQuote?: string,
): Omit<HistoryRow, 'id'> {
  return {
    createdAt: now,
    type: 'ecash-payment',
    amount: event.amount,
    mintUrl: event.mintUrl,
    quoteId: event.receiptId,
    metadata: JSON.stringify({ inputFee: event.fee, ...(closesQuote ? { closesQuote } : {}) }),
    ...(event.fiat ? { fiat: { ...event.fiat } } : {}),
    sale: structuredClone(event.sale),
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

export class DexieEcashReceipts implements EcashReceiptStore, EcashLedger {
  constructor(
    private readonly db: CashewDb,
    private readonly clock: Clock,
  ) {}

  async get(id: string): Promise<PendingEcashReceipt | undefined> {
    return this.db.ecashReceipts.get(id);
  }

  async list(): Promise<PendingEcashReceipt[]> {
    return this.db.ecashReceipts.orderBy('createdAt').toArray();
  }

  /** A key set to undefined in `changes` is removed from the row. */
  async update(id: string, changes: Partial<Omit<PendingEcashReceipt, 'id'>>): Promise<void> {
    await this.db.ecashReceipts.update(id, changes);
  }

  async remove(id: string): Promise<void> {
    await this.db.ecashReceipts.delete(id);
  }

  /** The same payment delivered twice (two relays, two tabs) is journaled once, recorded once. */
  async beginEcashReceipt(receipt: PendingEcashReceipt): Promise<boolean> {
    const { db } = this;
    return db.transaction('rw', [db.ecashReceipts, db.historyEvents], async () => {
      if ((await db.ecashReceipts.get(receipt.id)) !== undefined) return false;
      if ((await db.historyEvents.where('quoteId').equals(receipt.id).count()) > 0) return false;
      await db.ecashReceipts.add(receipt);
      return true;
    });
  }

  async settleEcashReceipt(args: {
    id: string;
    mintUrl: string;
    proofs: NewProof[];
    event: EcashPaymentEventInput;
  }): Promise<Settlement> {
    const { db } = this;
    return db.transaction(
      'rw',
      [
        db.ecashReceipts,
        db.proofs,
        db.proofTotals,
        db.historyEvents,
        db.mintQuotes,
        db.processedQuotes,
      ],
      async () => {
        const row = await db.ecashReceipts.get(args.id);
        if (row === undefined) {
          return { settled: false, balance: await totalUnspent(db) };
        }
        const now = this.clock();
        await insertProofs(db, args.proofs, args.mintUrl, now);
        await db.historyEvents.add(ecashPaymentRow(args.event, now, row.closesQuote));
        await db.ecashReceipts.delete(args.id);
        // The sale's invoice closes with it: nothing can be minted for a sale already paid.
        if (row.closesQuote !== undefined) await closeSaleQuote(db, row.closesQuote);
        return { settled: true, balance: await totalUnspent(db) };
      },
    );
  }
}
