// cashu-ts CounterSource on Dexie: per-keyset NUT-13 counters, each change in one rw transaction.
import { StorageError } from '../../core/errors';
import type { Clock } from '../../core/clock';
import type { CounterSource } from '@cashu/cashu-ts';
import type { CashewDb } from '../database/db';
import { CONFIG_KEYS, parseCounter } from '../database/key-names';

type CounterRange = Awaited<ReturnType<CounterSource['reserve']>>;

function assertCount(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new StorageError(`${what} must be a non-negative integer`);
  }
}

/**
 * Counters live in the counters table. A keyset without a row starts at the global COUNTER
 * config value, and every counter consumed also advances COUNTER, so a wallet migrated from
 * the single-counter design never derives a secret it has already used.
 */
export class DexieCounterSource implements CounterSource {
  constructor(
    private readonly db: CashewDb,
    private readonly clock: Clock = Date.now,
  ) {}

  /** Runs `change` on the keyset's current next value; writes only when it returns a new one. */
  private async update<T>(
    keysetId: string,
    change: (current: number) => { next?: number; result: T; advanceGlobal?: boolean },
  ): Promise<T> {
    const { db } = this;
    return db.transaction('rw', db.counters, db.config, async () => {
      const row = await db.counters.get(keysetId);
      const counterRow = await db.config.get(CONFIG_KEYS.counter);
      const global = parseCounter(counterRow?.value);
      const current = row ? row.next : global;
      const { next, result, advanceGlobal = true } = change(current);
      if (next !== undefined && (next !== current || !row)) {
        await db.counters.put({ keysetId, next });
        if (advanceGlobal && next > current) {
          await db.config.put({
            key: CONFIG_KEYS.counter,
            value: String(global + (next - current)),
            updatedAt: this.clock(),
          });
        }
      }
      return result;
    });
  }

  async reserve(keysetId: string, n: number): Promise<CounterRange> {
    assertCount(n, 'Counter reservation size');
    return this.update(keysetId, (current) =>
      n === 0
        ? { result: { start: current, count: 0 } }
        : { next: current + n, result: { start: current, count: n } },
    );
  }

  async reserveAt(keysetId: string, start: number, count: number): Promise<CounterRange> {
    assertCount(start, 'Counter start');
    assertCount(count, 'Counter reservation size');
    return this.update(keysetId, (current) => {
      if (start < current) {
        throw new StorageError(
          `Counter ${start} for keyset ${keysetId} was already issued (next is ${current})`,
        );
      }
      return { next: start + count, result: { start, count } };
    });
  }

  async advanceToAtLeast(keysetId: string, minNext: number): Promise<void> {
    assertCount(minNext, 'Counter');
    await this.update(keysetId, (current) =>
      minNext > current ? { next: minNext, result: undefined } : { result: undefined },
    );
  }

  /**
   * As advanceToAtLeast, leaving the global COUNTER as it is: counters skipped on one keyset (the
   * restore's margin) say nothing about where a keyset never used would start.
   */
  async skipKeysetToAtLeast(keysetId: string, minNext: number): Promise<void> {
    assertCount(minNext, 'Counter');
    await this.update(keysetId, (current) =>
      minNext > current
        ? { next: minNext, result: undefined, advanceGlobal: false }
        : { result: undefined },
    );
  }

  async setNext(keysetId: string, next: number): Promise<void> {
    assertCount(next, 'Counter');
    // A hard set (tests, migrations) does not count as consuming counters.
    await this.update(keysetId, () => ({ next, result: undefined, advanceGlobal: false }));
  }

  async snapshot(): Promise<Record<string, number>> {
    const rows = await this.db.counters.toArray();
    return Object.fromEntries(rows.map((row) => [row.keysetId, row.next]));
  }
}
