// Test helper: what a route loader's redirect must be, a 302 to `path` that replaces the history
// entry (docs/behaviour.md "Routes").
import { expect } from 'vitest';

export function expectReplacedTo(response: Response | null, path: string): void {
  expect(response?.status).toBe(302);
  expect(response?.headers.get('Location')).toBe(path);
  expect(response?.headers.get('X-Remix-Replace')).toBe('true');
}
