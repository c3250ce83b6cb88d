// What a screen shows under each of the test ids a table names, to compare with that table whole:
// one assertion, and a failure lists every figure that differs.
import { within } from '@testing-library/react';

export function shownTexts(
  container: HTMLElement,
  expected: Record<string, string>,
): Record<string, string | null> {
  return Object.fromEntries(
    Object.keys(expected).map((id) => [id, within(container).getByTestId(id).textContent]),
  );
}
