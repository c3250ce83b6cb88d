// HistoryStore on Dexie: payment and withdrawal events, paged newest first by primary key.
import type { Clock } from '../../core/clock';
import {
  HISTORY_PAGE_SIZE,
  type CashSaleEventInput,
  type HistoryEvent,
  type HistoryPage,
  type HistoryStore,
  type PaymentEventInput,
  type TokenCancelledEventInput,
  type WithdrawalEventInput,
} from '../../core/history-ports';
import type { CashewDb } from '../database/db';
import { historyRow, saleColumns, type NewHistoryRow } from './history-row';
import type { HistoryRow } from '../database/rows';

export function paymentRow(event: PaymentEventInput, now: number): NewHistoryRow {
  return {
    ...historyRow(now, event.type, event, { request: event.request }),
    quoteId: event.quoteId,
    ...(event.unit ? { unit: event.unit } : {}),
    ...saleColumns(event),
  };
}

export function withdrawalRow(event: WithdrawalEventInput, now: number): NewHistoryRow {
  const type = event.refund ? 'refund' : 'withdrawal';
  return {
    ...historyRow(now, type, event, { numProofs: event.numProofs, ...(event.refund ?? {}) }),
    ...(event.unit ? { unit: event.unit } : {}),
  };
}

/** A cash sale names no mint: no sats moved (docs/behaviour.md "Cash sales"). */
export function cashSaleRow(event: CashSaleEventInput, now: number): NewHistoryRow {
  return {
    ...historyRow(now, 'cash-payment', { amount: event.amount, mintUrl: '' }, {}),
    // Cents of a till charging in dollars are never read as sats (decision 0067).
    ...(event.unit && event.unit !== 'sat' ? { unit: event.unit } : {}),
    ...saleColumns(event),
  };
}

/** A cancelled token costs only the swap fee; the token's sats stay in the wallet. */
export function tokenCancelledRow(event: TokenCancelledEventInput, now: number): NewHistoryRow {
  return {
    ...historyRow(
      now,
      'token-cancelled',
      { amount: event.fee, mintUrl: event.mintUrl },
      { tokenAmount: event.tokenAmount, fee: event.fee, numProofs: event.numProofs },
    ),
    ...(event.unit ? { unit: event.unit } : {}),
  };
}

function wholeAtLeastOne(value: number, fallback: number): number {
  return Number.isFinite(value) && value >= 1 ? Math.floor(value) : fallback;
}

export class DexieHistoryStore implements HistoryStore {
  constructor(
    private readonly db: CashewDb,
    private readonly clock: Clock,
  ) {}

  async addPayment(event: PaymentEventInput): Promise<number> {
    return this.db.historyEvents.add(paymentRow(event, this.clock()));
  }

  async addCashSale(event: CashSaleEventInput): Promise<number> {
    return this.db.historyEvents.add(cashSaleRow(event, this.clock()));
  }

  async addWithdrawal(event: WithdrawalEventInput): Promise<number> {
    return this.db.historyEvents.add(withdrawalRow(event, this.clock()));
  }

  /**
   * Rows are only ever appended, so their auto-increment ids usually run without gaps; a page is
   * then one primary-key range (O(log n + size)). Older data with gaps is walked by offset.
   */
  async page(page: number, pageSize: number = HISTORY_PAGE_SIZE): Promise<HistoryPage> {
    const size = wholeAtLeastOne(pageSize, HISTORY_PAGE_SIZE);
    const number = wholeAtLeastOne(page, 1);
    const { db } = this;
    return db.transaction('r', [db.historyEvents, db.rowCounts], async () => {
      const [stored, oldest, newest] = await Promise.all([
        db.rowCounts.get('historyEvents'),
        db.historyEvents.limit(1).primaryKeys(),
        db.historyEvents.reverse().limit(1).primaryKeys(),
      ]);
      const total = stored?.count ?? (await db.historyEvents.count());
      const rows =
        (await this.byIdRange(total, oldest[0], newest[0], number, size)) ??
        (await this.byOffset(number, size));
      return { events: rows as HistoryEvent[], total, page: number, pageSize: size };
    });
  }

  /** Undefined when the ids between the oldest and newest are not all present. */
  private async byIdRange(
    total: number,
    min: number | undefined,
    max: number | undefined,
    number: number,
    size: number,
  ): Promise<HistoryRow[] | undefined> {
    if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max)) return undefined;
    if (max! - min! + 1 !== total) return undefined;
    const hi = max! - (number - 1) * size;
    if (hi < min!) return [];
    const lo = Math.max(min!, hi - size + 1);
    const rows = await this.db.historyEvents
      .where(':id')
      .between(lo, hi, true, true)
      .reverse()
      .toArray();
    // A count that disagrees with the rows must not cost correctness: fall back to the walk.
    return rows.length === hi - lo + 1 ? rows : undefined;
  }

  private byOffset(number: number, size: number): Promise<HistoryRow[]> {
    return this.db.historyEvents
      .reverse()
      .offset((number - 1) * size)
      .limit(size)
      .toArray();
  }
}
