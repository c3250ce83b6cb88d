// An exclusive, queueing lock provider with Web Locks semantics, for multi-tab tests in one process.
import type { LockProvider } from '../../core/cross-tab-lock';

export class MemoryLocks implements LockProvider {
  private readonly tails = new Map<string, Promise<void>>();

  async hold(name: string, signal: AbortSignal, whileHeld: () => Promise<void>): Promise<void> {
    const previous = this.tails.get(name) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    this.tails.set(
      name,
      previous.then(() => mine),
    );
    try {
      await Promise.race([
        previous,
        new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve())),
      ]);
      if (signal.aborted) return;
      await whileHeld();
    } finally {
      release();
    }
  }
}
