// When the first screen has painted: the moment start-up lets the shell and the keypad ask for the
// protocol services (docs/architecture.md "The composition root"), so that loading them (the
// chunks' preload tags, their evaluation) never runs between React's first commit and its paint.

/** How long a start waits for a paint before going on anyway: a hidden tab paints no frames. */
export const FIRST_PAINT_CAP_MS = 1_000;

/**
 * Resolves once the root element has content and the browser has painted the frame showing it
 * (the timer queued from the frame's callback runs after its paint), or after capMs.
 */
export function afterRootPainted(
  root: HTMLElement,
  capMs: number = FIRST_PAINT_CAP_MS,
): Promise<void> {
  return new Promise((resolve) => {
    let observer: MutationObserver | null = null;
    const done = () => {
      clearTimeout(cap);
      observer?.disconnect();
      resolve();
    };
    const cap = setTimeout(done, capMs);
    const paintThenDone = () => requestAnimationFrame(() => setTimeout(done, 0));
    if (root.firstElementChild) return paintThenDone();
    observer = new MutationObserver(() => {
      if (!root.firstElementChild) return;
      observer?.disconnect();
      paintThenDone();
    });
    observer.observe(root, { childList: true });
  });
}
