import { describe, expect, it } from 'vitest';
import { MemoryProcessedQuoteStore } from './memory-processed-quotes';

describe('MemoryProcessedQuoteStore', () => {
  it('gives a quote to exactly one of many concurrent claimers', async () => {
    const store = new MemoryProcessedQuoteStore();
    const results = await Promise.all(Array.from({ length: 25 }, () => store.claim('q1', 5)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await store.isProcessed('q1')).toBe(true);
  });

  it('cleans up entries older than the maximum age', async () => {
    let now = 0;
    const store = new MemoryProcessedQuoteStore(() => now);
    await store.mark('old', 1);
    now = 2_592_000_001;
    await store.mark('new', 1);
    expect(await store.cleanup()).toBe(1);
    expect((await store.list()).map((row) => row.quoteId)).toEqual(['new']);
  });
});
