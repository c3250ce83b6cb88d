// The deferred service source: one load shared by every caller, retried after a failed load.
import { describe, expect, it } from 'vitest';
import type { BaseServices } from './base';
import type { AppServices } from './complete';
import { deferredServices, readyServices } from './deferred';

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
