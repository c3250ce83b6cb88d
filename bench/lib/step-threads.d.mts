// Types of bench/lib/step-threads.mjs for its TypeScript test.
export function stepThreadMs(
  events: readonly Record<string, unknown>[],
  marks: readonly string[],
): Record<string, number>;
