// One timer per key with exponential backoff: each wait twice the last, up to a cap, until the
// key is reset. Payment retries and cash-out checks keep theirs here.
export class BackoffTimers {
  private readonly entries = new Map<
    string,
    { timer?: ReturnType<typeof setTimeout>; attempt: number }
  >();

  constructor(
    private readonly firstMs: number,
    private readonly longestMs: number,
  ) {}

  /** Runs `run` after the key's next wait, in place of any timer already set for the key. */
  schedule(key: string, run: () => void): void {
    const entry = this.entries.get(key) ?? { attempt: 0 };
    if (entry.timer) clearTimeout(entry.timer);
    const delay = Math.min(this.firstMs * 2 ** entry.attempt, this.longestMs);
    entry.attempt++;
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      run();
    }, delay);
    this.entries.set(key, entry);
  }

  /** Cancels the key's timer; `reset` also forgets its backoff (after success or a final answer). */
  cancel(key: string, reset: boolean): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = undefined;
    if (reset) this.entries.delete(key);
  }

  /** Cancels every timer and forgets every backoff. */
  cancelAll(): void {
    for (const key of [...this.entries.keys()]) this.cancel(key, true);
  }
}
