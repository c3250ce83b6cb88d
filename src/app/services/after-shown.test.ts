// @vitest-environment happy-dom
// A sale's follow-up work starts once, after the frame that shows the sale, or soon anyway when
// no frame comes (a hidden page).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterSaleShown } from './after-shown';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('afterSaleShown', () => {
  it('runs after the next painted frame, not in the sale’s own turn, and only once', async () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frames.push(callback);
      return frames.length;
    });
    const run = vi.fn();
    afterSaleShown(run);
    await vi.advanceTimersByTimeAsync(0);
    expect(run).not.toHaveBeenCalled();
    frames.shift()!(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs within half a second when no frame is painted', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => 1);
    const run = vi.fn();
    afterSaleShown(run);
    await vi.advanceTimersByTimeAsync(499);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
  });
});
