// Backoff timers: each wait twice the last up to the cap, one timer per key, reset and stop.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BackoffTimers } from './backoff-timers';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The times (ms after start) at which `run` fires while it reschedules itself `times` times. */
function firings(timers: BackoffTimers, times: number): number[] {
  const start = Date.now();
  const fired: number[] = [];
  const run = () => {
    fired.push(Date.now() - start);
    if (fired.length < times) timers.schedule('q', run);
  };
  timers.schedule('q', run);
  vi.advanceTimersByTime(60_000);
  return fired;
}

describe('BackoffTimers', () => {
  it('waits twice as long each time, never longer than the cap', () => {
    expect(firings(new BackoffTimers(100, 1_000), 6)).toEqual([100, 300, 700, 1_500, 2_500, 3_500]);
  });

  it('keeps one timer per key, and cancelAll stops every key', () => {
    const timers = new BackoffTimers(100, 1_000);
    const run = vi.fn();
    for (const key of ['a', 'a', 'b']) timers.schedule(key, run);
    vi.advanceTimersByTime(10_000);
    expect(run).toHaveBeenCalledTimes(2);
    for (const key of ['a', 'b']) timers.schedule(key, run);
    timers.cancelAll();
    vi.advanceTimersByTime(10_000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('cancel stops the timer; with reset the next wait is the first again', () => {
    const timers = new BackoffTimers(100, 1_000);
    const run = vi.fn();
    timers.schedule('q', run);
    timers.cancel('q', false);
    timers.schedule('q', run);
    vi.advanceTimersByTime(199);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    timers.cancel('q', true);
    timers.schedule('q', run);
    vi.advanceTimersByTime(100);
    expect(run).toHaveBeenCalledTimes(2);
  });
});
