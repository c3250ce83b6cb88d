// History events for the records tests: numbered in the order a test makes them, at a mint named
// `http://m`, the rest of each event given by the test.
import type { HistoryEventType } from '../../core/history-kinds';
import type { HistoryEvent } from '../../core/history-ports';

export type MakeEvent = (
  type: HistoryEventType,
  amount: number,
  createdAt: number,
  extra?: Partial<HistoryEvent>,
) => HistoryEvent;

/** A maker of events whose ids count from 1, as the history table numbers its rows. */
export function historyEvents(): MakeEvent {
  let nextId = 1;
  return (type, amount, createdAt, extra = {}) => ({
    id: nextId++,
    type,
    amount,
    createdAt,
    mintUrl: 'http://m',
    ...extra,
  });
}
