// @vitest-environment happy-dom
// The user's pause: nothing before quietMs without input; every tap or key starts the wait again.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settledFlag } from '../../testing/settled';
import { afterUserPause } from './user-pause';

afterEach(() => vi.useRealTimers());

describe('afterUserPause', () => {
  it('waits for quietMs with no input, starting again at every tap or key', async () => {
    vi.useFakeTimers();
    const target = new EventTarget();
    const settled = settledFlag(afterUserPause(target, 3_000));

    await vi.advanceTimersByTimeAsync(2_500);
    target.dispatchEvent(new Event('pointerdown'));
    await vi.advanceTimersByTimeAsync(2_500);
    target.dispatchEvent(new Event('keydown'));
    await vi.advanceTimersByTimeAsync(2_999);
    expect(settled()).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    expect(settled()).toBe(true);
  });

  it('stops listening once the pause has come', async () => {
    vi.useFakeTimers();
    const target = new EventTarget();
    const removed = vi.spyOn(target, 'removeEventListener');
    await Promise.all([afterUserPause(target, 1_000), vi.advanceTimersByTimeAsync(1_000)]);
    expect(removed.mock.calls.map(([type]) => type).sort()).toEqual([
      'keydown',
      'pointerdown',
      'touchstart',
      'wheel',
    ]);
  });
});
