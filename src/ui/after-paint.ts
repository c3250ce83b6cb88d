// Work that must not sit between a screen's commit and its first paint: a task after the next
// painted frame, and a flag a screen turns on once it has been painted (docs/performance.md
// "Taps", "First load").
import { useEffect, useState } from 'react';

/** Runs `task` in a task after the next frame is painted (at once where there are no frames). */
export function afterNextPaint(task: () => void): void {
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') {
    setTimeout(task, 0);
    return;
  }
  requestAnimationFrame(() => setTimeout(task, 0));
}

/**
 * false in the component's first render, true once its first frame has been painted: a part the
 * screen does not need in that frame (a lazy chunk's import, its preload tags) mounts after it.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let live = true;
    afterNextPaint(() => {
      if (live) setPainted(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return painted;
}
