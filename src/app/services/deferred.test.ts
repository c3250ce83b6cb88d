// The deferred service source: one load shared by every caller, retried after a failed load; and
// a service's methods forwarded through that load.
import { describe, expect, it } from 'vitest';
import type { BaseServices } from './base';
import type { AppServices } from './complete';
import { deferredCalls, deferredServices, readyServices } from './deferred';

const base = { settings: {} } as BaseServices;
const full = { ...base, payments: {} } as AppServices;

describe('deferredServices', () => {
  it('does not load the whole set until asked, then shares one load between callers', async () => {
    let loads = 0;
    const source = deferredServices(base, async () => {
      loads += 1;
      return full;
    });
    expect(source.base).toBe(base);
    expect(loads).toBe(0);
    const [first, second] = await Promise.all([source.load(), source.load()]);
    expect(first).toBe(full);
    expect(second).toBe(full);
    expect(await source.load()).toBe(full);
    expect(loads).toBe(1);
  });

  it('loads again after a failed load instead of failing forever', async () => {
    let loads = 0;
    const source = deferredServices(base, async () => {
      loads += 1;
      if (loads === 1) throw new Error('chunk did not download');
      return full;
    });
    await expect(source.load()).rejects.toThrow('chunk did not download');
    expect(await source.load()).toBe(full);
    expect(loads).toBe(2);
  });
});

describe('deferredServices afterFirstPaint', () => {
  it('starts the load only once the first screen has painted; load() does not wait for it', async () => {
    let loads = 0;
    let painted!: () => void;
    const firstPaint = new Promise<void>((resolve) => (painted = resolve));
    const complete = async () => {
      loads += 1;
      return full;
    };
    const source = deferredServices(base, complete, firstPaint);
    const asked = source.afterFirstPaint();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(loads).toBe(0);
    painted();
    expect(await asked).toBe(full);
    expect(loads).toBe(1);

    const direct = deferredServices(base, complete, new Promise<void>(() => {}));
    expect(await direct.load()).toBe(full);
    expect(loads).toBe(2);
  });
});

describe('readyServices', () => {
  it('serves services that were built already', async () => {
    const source = readyServices(full);
    expect(source.base).toBe(full);
    expect(await source.load()).toBe(full);
  });
});

/** A service class whose methods read its own state, as the app's services do. */
class Counter {
  private count = 0;
  async add(by: number): Promise<number> {
    this.count += by;
    return this.count;
  }
  total(): number {
    return this.count;
  }
}

describe('deferredCalls methods', () => {
  it('forwards each named method to the loaded service: calls wait for the load, in order', async () => {
    const counter = new Counter();
    let loaded!: (value: { counter: Counter }) => void;
    const loading = new Promise<{ counter: Counter }>((resolve) => (loaded = resolve));
    const { methods } = deferredCalls(() => loading);
    const later = methods((services) => services.counter, ['add', 'total']);
    // A real object with the named methods only: spreading it into another keeps them.
    expect(Object.keys({ ...later })).toEqual(['add', 'total']);
    const first = later.add(2);
    const second = later.add(3);
    const total = later.total();
    expect(counter.total()).toBe(0);
    loaded({ counter });
    expect(await Promise.all([first, second, total])).toEqual([2, 5, 5]);
  });

  it('rejects a call when the load fails, and loads again on the next call', async () => {
    const counter = new Counter();
    let loads = 0;
    const { methods } = deferredCalls(async () => {
      loads += 1;
      if (loads === 1) throw new Error('chunk did not download');
      return counter;
    });
    const later = methods((loaded) => loaded, ['add']);
    await expect(later.add(1)).rejects.toThrow('chunk did not download');
    expect(await later.add(1)).toBe(1);
    expect(loads).toBe(2);
  });
});
