// The cashiers' catalog follows counted stock: when an item or choice sells out (or is back), by a
// sale on any path (Lightning, ecash, cash, a cashier's, another tab's) or a refund, the catalog
// is published again a few seconds after the sales settle (docs/protocol.md "The cashier's catalog").
import type { Logger } from '../logger';
import type { StockStore } from './ports';
import { levelOf, type StockRow } from './stock';

/** Sales close together are one publication: this long after the last change to what is out. */
export const SOLD_OUT_PUBLISH_DELAY_MS = 3_000;
/** A till that keeps selling still publishes at least this often while what is out changes. */
export const SOLD_OUT_PUBLISH_MAX_WAIT_MS = 15_000;

export interface SoldOutPublishDeps {
  stock: Pick<StockStore, 'watch'>;
  /** publishes the catalog if it changed (the catalog carries the sold-out keys) */
  catalog: { sync(): unknown };
  logger: Logger;
  /** defaults: SOLD_OUT_PUBLISH_DELAY_MS and SOLD_OUT_PUBLISH_MAX_WAIT_MS */
  delayMs?: number;
  maxWaitMs?: number;
}

const soldOutKeys = (rows: readonly StockRow[]): string =>
  rows
    .filter((row) => levelOf(row).soldOut)
    .map((row) => row.key)
    .sort()
    .join('\n');

/**
 * Watches the stock and syncs the catalog once what is sold out has changed and stayed so for
 * `delayMs` (at most `maxWaitMs` after the first change). What is out when it starts is the
 * baseline: the start-up sync publishes that. Returns the stop function.
 */
export function publishSoldOutChanges(deps: SoldOutPublishDeps): () => void {
  const delay = deps.delayMs ?? SOLD_OUT_PUBLISH_DELAY_MS;
  const maxWait = deps.maxWaitMs ?? SOLD_OUT_PUBLISH_MAX_WAIT_MS;
  let last: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firstChangeAt: number | undefined;
  const publish = () => {
    timer = undefined;
    firstChangeAt = undefined;
    void deps.catalog.sync();
  };
  const stop = deps.stock.watch(
    (rows) => {
      const out = soldOutKeys(rows);
      const changed = last !== undefined && out !== last;
      last = out;
      if (!changed) return;
      const now = Date.now();
      firstChangeAt ??= now;
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(publish, Math.max(0, Math.min(delay, firstChangeAt + maxWait - now)));
    },
    (error: unknown) => deps.logger.warn('Could not follow the stock for the catalog', error),
  );
  return () => {
    stop();
    if (timer !== undefined) clearTimeout(timer);
  };
}
