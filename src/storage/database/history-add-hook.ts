// One Dexie middleware shape for what must land in the transaction of a row added to history (the
// receipt number, the stock moved): it widens every read-write transaction on the history table
// to a side table, and runs each add that concerns it after the earlier ones of its transaction.
import type {
  DBCore,
  DBCoreAddRequest,
  DBCoreMutateRequest,
  DBCoreMutateResponse,
  DBCoreTable,
  DBCoreTransaction,
  Middleware,
} from 'dexie';

export interface HistoryAddHook {
  /** the middleware's name in Dexie's stack */
  name: string;
  /** the table written beside the history row, in its transaction */
  sideTable: string;
  /**
   * The add's own step, or null when no row of it concerns the hook (the add then passes straight
   * down). `table` is the history table below the hook, `down` the core for the side table.
   */
  onAdd(
    req: DBCoreAddRequest,
    table: DBCoreTable,
    down: DBCore,
  ): (() => Promise<DBCoreMutateResponse>) | null;
}

/** Sits under every writer of `historyTable`, so no path that adds a row can forget the hook. */
export function historyAddMiddleware(
  historyTable: string,
  hook: HistoryAddHook,
): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: hook.name,
    create(down) {
      // Two adds of one transaction must not both read the side row before either writes it.
      const chains = new WeakMap<DBCoreTransaction, Promise<unknown>>();
      const serially = <T>(trans: DBCoreTransaction, step: () => Promise<T>): Promise<T> => {
        const next = (chains.get(trans) ?? Promise.resolve()).then(step, step);
        chains.set(trans, next);
        return next;
      };
      const hooked = (table: DBCoreTable): DBCoreTable => ({
        ...table,
        mutate(req: DBCoreMutateRequest) {
          const step = req.type === 'add' ? hook.onAdd(req, table, down) : null;
          return step ? serially(req.trans, step) : table.mutate(req);
        },
      });
      return {
        transaction(stores, mode, options) {
          const widen =
            mode === 'readwrite' &&
            stores.includes(historyTable) &&
            !stores.includes(hook.sideTable);
          return down.transaction(widen ? [...stores, hook.sideTable] : stores, mode, options);
        },
        table(name) {
          const table = down.table(name);
          return name === historyTable ? hooked(table) : table;
        },
      };
    },
  };
}
