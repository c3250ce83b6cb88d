// Reads what a sale's receipt needs: the shop name and the sale's refunds, recorded after it.
import { useEffect, useState } from 'react';
import type { Logger } from '../../core/logger';
import type { HistoryEvent } from '../../core/ports';
import { receiptFor, type Receipt } from '../../core/receipts/receipt';
import { refundsOf } from '../../core/receipts/refunds';
import { readRange, type HistoryRangeReader } from '../../core/records/types';

export interface ReceiptSources {
  shopName?: () => Promise<string>;
  historyRange?: HistoryRangeReader;
  clock: () => number;
  logger: Logger;
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

export type ReceiptState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; receipt: Receipt; refunds: HistoryEvent[] };

/** `version` reloads it (after a refund). */
export function useReceipt(
  sale: HistoryEvent | null,
  sources: ReceiptSources,
  version = 0,
): ReceiptState {
  // Each result remembers what it was read for: another sale or version reads as loading.
  const [read, setRead] = useState<{
    sale: HistoryEvent | null;
    version: number;
    state: ReceiptState;
  }>({ sale: null, version, state: { status: 'loading' } });
  const { shopName, historyRange, clock, logger } = sources;
  useEffect(() => {
    if (!sale) return;
    let live = true;
    const done = (state: ReceiptState) => {
      if (live) setRead({ sale, version, state });
    };
    void (async () => {
      try {
        const [name, refunds] = await Promise.all([
          shopName ? shopName() : Promise.resolve(''),
          readRefunds(sale, historyRange, clock()),
        ]);
        const receipt = receiptFor(sale, name, refunds);
        done(receipt ? { status: 'ready', receipt, refunds } : { status: 'failed' });
      } catch (error) {
        logger.error('Could not load the receipt', error);
        done({ status: 'failed' });
      }
    })();
    return () => {
      live = false;
    };
  }, [sale, shopName, historyRange, clock, logger, version]);
  return read.sale === sale && read.version === version ? read.state : { status: 'loading' };
}
