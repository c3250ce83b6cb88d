// Test helper for modals: a full pointer click (press, then release) on an element or the backdrop.
import { fireEvent, screen } from '@testing-library/react';

export function pressAndClick(element: Element): void {
  fireEvent.mouseDown(element);
  fireEvent.click(element);
}

export function clickBackdrop(): void {
  pressAndClick(screen.getByTestId('modal-backdrop'));
}
