// Counts refused remote sales in the store: the first at once, a flood in one write a second.
import type { Clock } from '../../clock';
import type { Logger } from '../../logger';
import type { RefusalKind } from '../sale-judgement';
import type { RefusalCounter, RefusedSale } from './merchant-ports';

/** A flood of refusals is written at most once a second, in a bounded batch. */
export const REFUSAL_FLUSH_MS = 1_000;
export const REFUSAL_BATCH_MAX = 1_000;

/**
 * The inbox's `onRefused`. A lone refusal is written at once rather than after the batch's
 * second: its sale can land within that second, and a reload then would lose the count.
 * Refusals arriving while a write is due wait for the next one.
 */
export function refusalCounter(store: RefusalCounter, logger: Logger, clock: Clock) {
  let batch: RefusedSale[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let quietUntil = 0;
  const write = () => {
    const sales = batch;
    batch = [];
    quietUntil = clock() + REFUSAL_FLUSH_MS;
    store
      .countRefused(sales)
      .catch((error: unknown) => logger.warn('Could not count refused messages', error));
  };
  return (kind: RefusalKind, quote: string) => {
    if (batch.length < REFUSAL_BATCH_MAX) batch.push({ kind, quote });
    if (timer) return;
    const wait = quietUntil - clock();
    if (wait <= 0) return write();
    timer = setTimeout(() => {
      timer = undefined;
      write();
    }, wait);
  };
}
