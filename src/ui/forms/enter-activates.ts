// Enter on a checkbox or radio does what Space does (browsers only toggle them on Space).
import type { KeyboardEvent } from 'react';

/**
 * onKeyDown for a checkbox or radio: Enter clicks it, so it toggles (or selects) and its onChange
 * runs as for Space or a tap. A held-down Enter does not toggle it back and forth.
 */
export function enterActivates(event: KeyboardEvent<HTMLInputElement>): void {
  if (event.key !== 'Enter') return;
  // Enter must not also submit a surrounding form or reach a window listener.
  event.preventDefault();
  if (!event.repeat) event.currentTarget.click();
}
