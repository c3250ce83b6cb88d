// @vitest-environment happy-dom
// The first-paint signal: nothing before the root has content and a frame has passed; a cap when no
// frame comes.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settledFlag } from '../../testing/settled';
import { afterRootPainted } from './first-paint';

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('afterRootPainted', () => {
  it('waits for the root to get content, then for the frame after it', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    const root = document.createElement('div');
    document.body.append(root);
    const settled = settledFlag(afterRootPainted(root, 60_000));

    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(frames).toHaveLength(0);
    expect(settled()).toBe(false);

    root.append(document.createElement('main'));
    await vi.waitFor(() => expect(frames).toHaveLength(1));
    expect(settled()).toBe(false);

    frames[0]!(performance.now());
    await vi.waitFor(() => expect(settled()).toBe(true));
  });

  it('goes on after the cap when no frame is painted (a hidden tab)', async () => {
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 1);
    const root = document.createElement('div');
    root.append(document.createElement('main'));
    document.body.append(root);
    const settled = settledFlag(afterRootPainted(root, 30));
    await vi.waitFor(() => expect(settled()).toBe(true));
  });
});
