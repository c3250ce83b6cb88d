// Test helper for a stored yes/no setting: it reads false on a fresh database and true once set.
import { expect } from 'vitest';

export async function expectOffUntilSet(
  read: () => Promise<boolean>,
  set: (on: boolean) => Promise<void>,
): Promise<void> {
  expect(await read()).toBe(false);
  await set(true);
  expect(await read()).toBe(true);
}
