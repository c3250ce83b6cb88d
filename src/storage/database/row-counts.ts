// Row counts of counted tables (schema v9), kept exact by a DBCore middleware in the same
// transaction as every write, so a total is one key lookup instead of an O(n) IndexedDB count.
import type {
  DBCore,
  DBCoreKeyRange,
  DBCoreMutateRequest,
  DBCoreRangeType,
  DBCoreTable,
  DBCoreTransaction,
  Middleware,
} from 'dexie';

export const ROW_COUNTS_TABLE = 'rowCounts';

export interface RowCountRow {
  /** the counted table's name */
  table: string;
  count: number;
}

// DBCoreRangeType is an ambient const enum, which isolatedModules cannot read as a value.
const ANY_RANGE = { type: 3 as DBCoreRangeType.Any } as DBCoreKeyRange;

function recount(table: DBCoreTable, trans: DBCoreTransaction): Promise<number> {
  return table.count({ trans, query: { index: table.schema.primaryKey, range: ANY_RANGE } });
}

/**
 * The middleware sits under every writer (repositories, tests and the bench bulk-adding rows),
 * so no write path can forget the count. Adds move it by the rows actually stored; any other
 * write (put, delete, clear: none in the app) recounts inside the same transaction.
 */
export function rowCountMiddleware(counted: readonly string[]): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'rowCounts',
    create(down) {
      // Requests of one transaction could interleave a read-modify-write; chain them instead.
      const chains = new WeakMap<DBCoreTransaction, Promise<void>>();
      const serially = (trans: DBCoreTransaction, step: () => Promise<void>): Promise<void> => {
        const next = (chains.get(trans) ?? Promise.resolve()).then(step);
        chains.set(trans, next);
        return next;
      };

      const counting = (table: DBCoreTable): DBCoreTable => ({
        ...table,
        async mutate(req: DBCoreMutateRequest) {
          const res = await table.mutate(req);
          const added = req.type === 'add' ? req.values.length - res.numFailures : undefined;
          if (added === 0) return res;
          const { trans } = req;
          await serially(trans, async () => {
            const counts = down.table(ROW_COUNTS_TABLE);
            const row = (await counts.get({ trans, key: table.name })) as RowCountRow | undefined;
            const count =
              added !== undefined && row !== undefined
                ? row.count + added
                : await recount(table, trans);
            const next: RowCountRow = { table: table.name, count };
            await counts.mutate({ trans, type: 'put', values: [next] });
          });
          return res;
        },
      });

      return {
        transaction(stores, mode, options) {
          const widen =
            mode === 'readwrite' &&
            stores.some((name) => counted.includes(name)) &&
            !stores.includes(ROW_COUNTS_TABLE);
          return down.transaction(widen ? [...stores, ROW_COUNTS_TABLE] : stores, mode, options);
        },
        table(name) {
          const table = down.table(name);
          return counted.includes(name) ? counting(table) : table;
        },
      };
    },
  };
}
