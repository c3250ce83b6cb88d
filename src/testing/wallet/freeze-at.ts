// Test checkpoint that freezes a money write at one step forever, as a tab closed right there.
import type { Checkpoint, WriteStep } from '../../core/checkpoint';

/** Freezes the operation the n-th time it reaches `step`; `reached` resolves when it does. */
export function freezeAt(
  step: WriteStep,
  nth = 1,
): { checkpoint: Checkpoint; reached: Promise<void> } {
  let reached!: () => void;
  const promise = new Promise<void>((resolve) => (reached = resolve));
  let seen = 0;
  return {
    reached: promise,
    checkpoint: (at) => {
      if (at !== step || ++seen !== nth) return;
      reached();
      return new Promise<void>(() => {});
    },
  };
}
