// Test helper for modals: a full pointer click (press, then release) on an element or the backdrop.
import { fireEvent } from '@testing-library/react';

export function pressAndClick(element: Element): void {
  fireEvent.mouseDown(element);
  fireEvent.click(element);
}

/** The modal dialog on top: a browser reports a click on its ::backdrop as one on the dialog. */
export function topDialog(): HTMLDialogElement {
  const dialog = Array.from(document.querySelectorAll('dialog[open]')).at(-1);
  if (!(dialog instanceof HTMLDialogElement)) throw new Error('no open dialog');
  return dialog;
}

export function clickBackdrop(): void {
  pressAndClick(topDialog());
}
