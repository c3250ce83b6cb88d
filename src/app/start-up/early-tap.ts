// A tap on the prerendered welcome before React has hydrated it, kept rather than lost: the early
// script catches it on the root element, marks the button busy and has the screen it leads to
// fetched at once; start-up then opens that screen instead of hydrating the welcome
// (docs/decisions/0114-a-tap-before-hydration-is-kept.md).
import { GOES_TO_ATTRIBUTE } from '../../features/onboarding/welcome-taps';

/** Stops catching and hands over the path the first caught tap leads to, if any. */
export type TakeEarlyTap = () => string | undefined;

/**
 * Catches clicks (a tap, or Enter and Space on the focused button) on the buttons in `root` that
 * say where they lead. The first one wins: the button is marked busy for the eye and for assistive
 * technology, and `fetchAhead` starts the next screen's files. Later taps change nothing.
 */
export function catchEarlyTaps(
  root: HTMLElement,
  fetchAhead: (path: string) => void,
): TakeEarlyTap {
  let path: string | undefined;
  const caught = (event: Event) => {
    const button = (event.target as Element).closest(`[${GOES_TO_ATTRIBUTE}]`);
    if (path || !button) return;
    path = button.getAttribute(GOES_TO_ATTRIBUTE)!;
    button.setAttribute('aria-busy', 'true');
    fetchAhead(path);
  };
  root.addEventListener('click', caught);
  return () => {
    root.removeEventListener('click', caught);
    return path;
  };
}
