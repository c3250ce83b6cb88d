// Counted stock on the counter: read with the catalog, then again whenever a record moves it (a
// sale by Lightning, ecash or cash, a cashier's, another device's, a refund), so a tile greys or
// says low stock right after the sale that did it (docs/behaviour.md "Stock").
import { useCallback, useEffect, useRef, useState } from 'react';
import { levelOf, type StockLevel, type StockRow } from '../../core/items/stock';
import type { Logger } from '../../core/logger';
import type { PosItems } from './deps';

export interface StockLevels {
  /** levels by item id and `${itemId}/${choiceId}`; undefined while none is counted */
  levels: Map<string, StockLevel> | undefined;
  /** shows rows read with the catalog (the same render as it) */
  show: (rows: readonly StockRow[] | undefined) => void;
}

const keyOf = (rows: readonly StockRow[] | undefined) =>
  JSON.stringify((rows ?? []).map((row) => [row.key, row.left, row.lowAt]));

export function useStockLevels(stock: PosItems['stock'], logger: Logger): StockLevels {
  // None counted is `undefined`, so an uncounted catalog renders its grid once; rows read again
  // unchanged keep the same map, so the grid does not render again for nothing
  // (docs/performance.md "Cart of 500 items").
  const [levels, setLevels] = useState<Map<string, StockLevel> | undefined>(undefined);
  const shown = useRef<string | null>(null);
  const show = useCallback((rows: readonly StockRow[] | undefined) => {
    const key = keyOf(rows);
    if (key === shown.current) return;
    shown.current = key;
    setLevels(rows?.length ? new Map(rows.map((row) => [row.key, levelOf(row)])) : undefined);
  }, []);
  useEffect(
    () => stock?.watch(show, (error: unknown) => logger.error('Could not read the stock', error)),
    [stock, show, logger],
  );
  return { levels, show };
}
