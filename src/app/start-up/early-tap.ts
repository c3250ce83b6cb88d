// A tap on the prerendered welcome before React has hydrated it, kept rather than lost: the early
// script catches it on the root element, marks the button busy and has the screen it leads to
// fetched at once; start-up then opens that screen instead of hydrating the welcome
// (docs/decisions/0114-a-tap-before-hydration-is-kept.md).
import { GOES_TO_ATTRIBUTE } from '../../features/onboarding/welcome-taps';

/** The first caught tap: where it leads, and when what it started on screen is done. */
export interface EarlyTap {
  path: string;
  /** Settles once the step the tap shows before React is up, or given up (never rejects). */
  settled: Promise<void>;
}

/** Stops catching and hands over the first caught tap, if any. */
export type TakeEarlyTap = () => EarlyTap | undefined;

/**
 * Catches clicks (a tap, or Enter and Space on the focused button) on the buttons in `root` that
 * say where they lead. The first one wins: the button is marked busy for the eye and for assistive
 * technology, and `fetchAhead` starts the next screen (its files, and a step shown before React
 * where there is one: its promise settles when that is done). Later taps change nothing.
 */
export function catchEarlyTaps(
  root: HTMLElement,
  fetchAhead: (path: string) => Promise<void> | void,
): TakeEarlyTap {
  let tap: EarlyTap | undefined;
  const caught = (event: Event) => {
    const button = (event.target as Element).closest(`[${GOES_TO_ATTRIBUTE}]`);
    if (tap || !button) return;
    const path = button.getAttribute(GOES_TO_ATTRIBUTE)!;
    button.setAttribute('aria-busy', 'true');
    tap = { path, settled: Promise.resolve(fetchAhead(path)).catch(() => {}) };
  };
  root.addEventListener('click', caught);
  return () => {
    root.removeEventListener('click', caught);
    return tap;
  };
}
