// Reads what a sale's receipt needs: the shop name and the sale's refunds, recorded after it. One
// loader for the receipt from History and the one offered right after a sale.
import type { HistoryEvent } from '../history-ports';
import { readRange, type HistoryRangeReader } from '../records/types';
import {
  receiptFor,
  receiptText,
  type Receipt,
  type ReceiptWords,
  type ShopDetails,
} from './receipt';
import { refundsOf } from './refunds';

export interface ReceiptSources {
  shopName?: () => Promise<string>;
  /** the shop's address and tax number (Settings, decision 0064) */
  shopDetails?: () => Promise<ShopDetails>;
  historyRange?: HistoryRangeReader;
  clock: () => number;
}

/** A sale's refunds: every refund is recorded after its sale, so only that stretch is read. */
export async function readRefunds(
  sale: HistoryEvent,
  reader: HistoryRangeReader | undefined,
  now: number,
): Promise<HistoryEvent[]> {
  if (!reader) return [];
  const found: HistoryEvent[] = [];
  // Up to a minute past now: a refund stamped by another tab's clock a little ahead still counts.
  for await (const page of readRange(reader, sale.createdAt, now + 60_000, 500)) {
    found.push(...refundsOf(sale.id, page));
  }
  return found;
}

export interface LoadedReceipt {
  receipt: Receipt;
  /** as Share and Copy text give it */
  text: string;
  refunds: HistoryEvent[];
}

/**
 * The sale's receipt in the words given (the shop's language), or undefined when the event is no
 * sale. Rejects when a read fails.
 */
export async function loadReceipt(
  sale: HistoryEvent,
  sources: ReceiptSources,
  words: ReceiptWords,
): Promise<LoadedReceipt | undefined> {
  const { shopName, shopDetails, historyRange, clock } = sources;
  const [name, refunds, details] = await Promise.all([
    shopName ? shopName() : Promise.resolve(''),
    readRefunds(sale, historyRange, clock()),
    shopDetails ? shopDetails() : Promise.resolve({}),
  ]);
  const receipt = receiptFor(sale, name, refunds, words, details);
  return receipt ? { receipt, text: receiptText(receipt, words), refunds } : undefined;
}
