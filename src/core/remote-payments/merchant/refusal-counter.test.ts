import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../logger';
import type { RefusedSale } from './merchant-ports';
import { REFUSAL_FLUSH_MS, refusalCounter } from './refusal-counter';

function counterWithWrites() {
  const writes: RefusedSale[][] = [];
  const store = {
    countRefused: async (sales: readonly RefusedSale[]) => void writes.push([...sales]),
    refusedCounts: async () => ({ unpaired: 0, mint: 0, unlocked: 0, lines: 0 }),
  };
  return { writes, count: refusalCounter(store, silentLogger, () => Date.now()) };
}

describe('refusalCounter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes a lone refusal at once, so a reload right after its sale keeps the count', () => {
    const { writes, count } = counterWithWrites();
    count('lines', 'q1');
    expect(writes).toEqual([[{ kind: 'lines', quote: 'q1' }]]);
  });

  it('writes a flood in one batch a second after the first write', () => {
    const { writes, count } = counterWithWrites();
    count('unpaired', 'q1');
    for (let i = 2; i <= 50; i++) count('unpaired', `q${i}`);
    expect(writes).toHaveLength(1);
    vi.advanceTimersByTime(REFUSAL_FLUSH_MS - 1);
    expect(writes).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(writes).toHaveLength(2);
    expect(writes[1]).toHaveLength(49);
    expect(writes[1]![48]).toEqual({ kind: 'unpaired', quote: 'q50' });
  });

  it('writes at once again once a quiet second has passed', () => {
    const { writes, count } = counterWithWrites();
    count('mint', 'q1');
    vi.advanceTimersByTime(REFUSAL_FLUSH_MS);
    count('mint', 'q2');
    expect(writes).toEqual([[{ kind: 'mint', quote: 'q1' }], [{ kind: 'mint', quote: 'q2' }]]);
  });
});
