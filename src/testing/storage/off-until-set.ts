// Test helper for a stored yes/no setting: it reads false on a fresh database and true once set.
import { expect } from 'vitest';

/** `store[read]()` is false until `store[set](true)`, then true. */
export async function expectOffUntilSet<R extends string, W extends string>(
  store: Record<R, () => Promise<boolean>> & Record<W, (on: boolean) => Promise<void>>,
  read: R,
  set: W,
): Promise<void> {
  expect(await store[read]()).toBe(false);
  await store[set](true);
  expect(await store[read]()).toBe(true);
}
