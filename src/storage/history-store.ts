// HistoryStore on Dexie: payment and withdrawal events, paged newest first by primary key.
import type {
  Clock,
  HistoryEvent,
  HistoryPage,
  HistoryStore,
  PaymentEventInput,
  WithdrawalEventInput,
} from '../core/ports';
import type { CashewDb, HistoryRow } from './db';

export const HISTORY_PAGE_SIZE = 10;

export function paymentRow(event: PaymentEventInput, now: number): Omit<HistoryRow, 'id'> {
  return {
    createdAt: now,
    type: event.type,
    amount: event.amount,
    mintUrl: event.mintUrl,
    quoteId: event.quoteId,
    metadata: JSON.stringify({ request: event.request }),
  };
}

export function withdrawalRow(event: WithdrawalEventInput, now: number): Omit<HistoryRow, 'id'> {
  return {
    createdAt: now,
    type: 'withdrawal',
    amount: event.amount,
    mintUrl: event.mintUrl,
    metadata: JSON.stringify({ numProofs: event.numProofs }),
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

  async addWithdrawal(event: WithdrawalEventInput): Promise<number> {
    return this.db.historyEvents.add(withdrawalRow(event, this.clock()));
  }

  /** Walks the primary key backwards with offset/limit so only one page is ever loaded. */
  async page(page: number, pageSize: number = HISTORY_PAGE_SIZE): Promise<HistoryPage> {
    const size = wholeAtLeastOne(pageSize, HISTORY_PAGE_SIZE);
    const number = wholeAtLeastOne(page, 1);
    const { db } = this;
    return db.transaction('r', db.historyEvents, async () => {
      const [total, rows] = await Promise.all([
        db.historyEvents.count(),
        db.historyEvents
          .reverse()
          .offset((number - 1) * size)
          .limit(size)
          .toArray(),
      ]);
      return { events: rows as HistoryEvent[], total, page: number, pageSize: size };
    });
  }
}
