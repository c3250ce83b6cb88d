// Clicks inside a part of the screen held while an invoice is made, before the busy state renders
// and disables its controls (ui/payment/use-invoice-flow.ts BUSY_RENDER_AFTER_MS): a capture
// handler for the part's container, so no control in it acts on a sale being charged.
import type { MouseEvent } from 'react';

/** A click-capture handler that stops every click inside while `held()` says so. */
export function holdClicksWhile(held: () => boolean): (event: MouseEvent) => void {
  return (event) => {
    if (!held()) return;
    event.stopPropagation();
    event.preventDefault();
  };
}
