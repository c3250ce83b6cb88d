// Receipt numbers (schema v44): each sale this device records takes the next number of its one
// counter row in the same IndexedDB transaction as the sale's row, so a tab that dies between
// the two can neither skip a number nor give one twice (docs/decisions/0074-receipt-numbers.md).
import type { DBCore, DBCoreAddRequest, DBCoreTable, Middleware } from 'dexie';
import {
  receiptNumber,
  receiptPrefix,
  takesReceiptNumber,
} from '../../core/receipts/receipt-number';
import { historyAddMiddleware } from '../database/history-add-hook';

export const RECEIPT_COUNTER_TABLE = 'receiptCounter';
/** The one row's key: the counter belongs to the device (its database), not to a wallet. */
export const RECEIPT_COUNTER_ID = 'device';

export interface ReceiptCounterRow {
  id: typeof RECEIPT_COUNTER_ID;
  /** drawn at the device's first numbered sale, kept for its life */
  prefix: string;
  /** the last sequence given; the next sale takes last + 1 */
  last: number;
}

type Row = Parameters<typeof takesReceiptNumber>[0] & { id?: number };

const randomBytes = (n: number) => crypto.getRandomValues(new Uint8Array(n));

/**
 * Sits under every writer of `historyEvents`, so no path that records a sale (Lightning, ecash,
 * cash, remote, offline, a locked sale minted later) can forget the number.
 */
export function receiptNumberMiddleware(
  historyTable: string,
  random: (n: number) => Uint8Array = randomBytes,
): Middleware<DBCore> {
  return historyAddMiddleware(historyTable, {
    name: 'receiptNumbers',
    sideTable: RECEIPT_COUNTER_TABLE,
    onAdd(req, table, down) {
      const positions = req.values.flatMap((value, i) =>
        takesReceiptNumber(value as Row) ? [i] : [],
      );
      if (positions.length === 0) return null;
      return () => addNumbered(down, table, req, positions, random);
    },
  });
}

async function addNumbered(
  down: DBCore,
  table: DBCoreTable,
  req: DBCoreAddRequest,
  positions: number[],
  random: (n: number) => Uint8Array,
) {
  const { trans } = req;
  const counter = down.table(RECEIPT_COUNTER_TABLE);
  const stored = (await counter.get({ trans, key: RECEIPT_COUNTER_ID })) as
    ReceiptCounterRow | undefined;
  const row: ReceiptCounterRow = stored ?? {
    id: RECEIPT_COUNTER_ID,
    prefix: receiptPrefix(random(4)),
    last: 0,
  };
  const values = [...req.values] as Row[];
  positions.forEach((at, i) => {
    values[at] = { ...values[at]!, receiptNumber: receiptNumber(row.prefix, row.last + i + 1) };
  });
  const res = await table.mutate({ ...req, values });
  const added = positions.filter((at) => !res.failures[at]);
  if (added.length === 0) return res;
  if (added.length < positions.length) {
    // A row the store refused took no number: the ones stored close up behind it.
    const renumbered = added.map((at, i) => ({
      ...values[at]!,
      id: res.results![at] as number,
      receiptNumber: receiptNumber(row.prefix, row.last + i + 1),
    }));
    await table.mutate({ type: 'put', trans, values: renumbered });
  }
  const next: ReceiptCounterRow = { ...row, last: row.last + added.length };
  await counter.mutate({ type: 'put', trans, values: [next] });
  return res;
}
