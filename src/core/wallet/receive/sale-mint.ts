// Which mint a sale asks for its quote, without an IndexedDB read before the request: the URL
// read last is asked at once while the stored one is read beside it (docs/performance.md "Taps").
// A sale still ends at the stored mint: when the two differ the stored one is asked again.

/** The mint URL a sale asked and its answer. */
export interface SaleMintAnswer<T> {
  mintUrl: string;
  answer: T;
}

export class SaleMint {
  private last: string | undefined;

  constructor(private readonly read: () => Promise<string>) {}

  /** Reads the stored URL, kept for the next `ask` (the keypad's idle preparation, each sale). */
  async refresh(): Promise<string> {
    const url = await this.read();
    this.last = url;
    return url;
  }

  /**
   * `ask(url)` at the URL read last, not waiting for storage's answer, which is read beside it
   * and is the one the sale uses: when it differs (the mint changed since), the first answer is
   * dropped (a quote nobody saw, so nobody can pay) and the stored mint is asked. A failed read
   * fails the sale as before. With nothing read yet, storage is read first.
   */
  async ask<T>(ask: (mintUrl: string) => Promise<T>): Promise<SaleMintAnswer<T>> {
    const guess = this.last;
    const stored = this.refresh();
    if (guess === undefined) {
      const mintUrl = await stored;
      return { mintUrl, answer: await ask(mintUrl) };
    }
    const early = ask(guess);
    // Awaited below only when it is the stored mint's: otherwise its failure is nobody's.
    early.catch(() => {});
    const mintUrl = await stored;
    return { mintUrl, answer: await (mintUrl === guess ? early : ask(mintUrl)) };
  }
}
