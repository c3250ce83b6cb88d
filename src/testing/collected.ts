// Test helper: every value a subscription announces, in order, for a test to read afterwards.
export function collected<T>(subscribe: (listener: (value: T) => void) => unknown): T[] {
  const values: T[] = [];
  subscribe((value) => void values.push(value));
  return values;
}
