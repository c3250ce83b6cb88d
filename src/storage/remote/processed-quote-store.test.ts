// Tests for the Dexie ProcessedQuoteStore: marking, checking, atomic claims, cleanup, fallbacks.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { breakDatabase, testStorage } from '../../testing/storage/db';

const DAY = 86_400_000;

describe('ProcessedQuoteStore', () => {
  it('recognises a quote as processed after it is marked', async () => {
    const s = testStorage();
    expect(await s.processedQuotes.isProcessed('q1')).toBe(false);
    await s.processedQuotes.mark('q1', 21);
    expect(await s.processedQuotes.isProcessed('q1')).toBe(true);
    expect(await s.processedQuotes.list()).toEqual([
      { quoteId: 'q1', amount: 21, processedAt: s.now.value },
    ]);
  });

  it('claims a quote once: the second claim is refused', async () => {
    const s = testStorage();
    expect(await s.processedQuotes.claim('q1', 5)).toBe(true);
    expect(await s.processedQuotes.claim('q1', 5)).toBe(false);
    expect(await s.processedQuotes.isProcessed('q1')).toBe(true);
  });

  it('refuses a claim on a quote already marked', async () => {
    const s = testStorage();
    await s.processedQuotes.mark('q1', 5);
    expect(await s.processedQuotes.claim('q1', 5)).toBe(false);
  });

  it('gives exactly one of many concurrent claimers, across two connections, the quote', async () => {
    const name = testStorage().db.name;
    const tabA = testStorage(name);
    const tabB = testStorage(name);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? tabA : tabB).processedQuotes.claim('q1', 5)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await tabA.processedQuotes.list()).toHaveLength(1);
  });

  it('cleans up entries older than 30 days by default and returns how many', async () => {
    const s = testStorage();
    const now = s.now.value;
    s.now.value = now - 31 * DAY;
    await s.processedQuotes.mark('old', 1);
    s.now.value = now - 30 * DAY + 1;
    await s.processedQuotes.mark('just-young-enough', 1);
    s.now.value = now - DAY;
    await s.processedQuotes.mark('recent', 1);
    s.now.value = now;
    expect(await s.processedQuotes.cleanup()).toBe(1);
    expect((await s.processedQuotes.list()).map((q) => q.quoteId).sort()).toEqual([
      'just-young-enough',
      'recent',
    ]);
  });

  it('cleans up with a custom age', async () => {
    const s = testStorage();
    const now = s.now.value;
    s.now.value = now - 2 * DAY;
    await s.processedQuotes.mark('a', 1);
    s.now.value = now;
    expect(await s.processedQuotes.cleanup(DAY)).toBe(1);
    expect(await s.processedQuotes.list()).toEqual([]);
  });

  it('on storage failure: mark rethrows, check is false, list is empty, cleanup is 0, all logged', async () => {
    const s = testStorage();
    await s.processedQuotes.mark('q1', 1);
    breakDatabase(s);
    await expect(s.processedQuotes.mark('q2', 1)).rejects.toThrow();
    expect(await s.processedQuotes.isProcessed('q1')).toBe(false);
    expect(await s.processedQuotes.list()).toEqual([]);
    expect(await s.processedQuotes.cleanup()).toBe(0);
    expect(s.logger.errors).toHaveLength(4);
  });

  it('a claim that fails for a reason other than a duplicate is an error, not a silent false', async () => {
    const s = testStorage();
    breakDatabase(s);
    await expect(s.processedQuotes.claim('q1', 1)).rejects.toThrow();
  });
});
