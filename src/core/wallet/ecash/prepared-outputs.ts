// The swap's deterministic outputs (NUT-13) derived while a sale's request is open, so a payment's
// critical path does not walk the BIP-32 tree (docs/performance.md "Ecash payment latency").
import { Amount, OutputData, type AmountLike, type Keyset } from '@cashu/cashu-ts';

interface Derived {
  secret: Uint8Array;
  blindingFactor: bigint;
  B_: string;
}

/** More than a few sales' worth is never needed; past it the cache starts again. */
const MAX_PREPARED = 64;

/**
 * Outputs of counters not reserved yet. Nothing here reserves or advances a counter: an output is a
 * pure function of (seed, keyset id, counter), so a prepared one is right for its counter whoever
 * reserves it later, and a counter taken by another flow in between only means no cache hit.
 */
export class PreparedOutputs {
  private seed: Uint8Array | null = null;
  private readonly byCounter = new Map<string, Derived>();

  /** Derives the outputs of counters [start, start + count) of `keyset` not derived yet. */
  prepare(seed: Uint8Array, keyset: Keyset, start: number, count: number): void {
    this.use(seed);
    let from = start;
    while (from < start + count && this.byCounter.has(`${keyset.id}:${from}`)) from++;
    const missing = start + count - from;
    if (missing <= 0) return;
    if (this.byCounter.size + missing > MAX_PREPARED) this.byCounter.clear();
    // One walk of the tree for the range: amounts of 1 only pick one counter per output.
    const data = OutputData.createDeterministicData(
      missing,
      seed,
      from,
      keyset,
      Array<number>(missing).fill(1),
    );
    data.forEach((output, i) => {
      this.byCounter.set(`${keyset.id}:${from + i}`, {
        secret: output.secret,
        blindingFactor: output.blindingFactor,
        B_: output.blindedMessage.B_,
      });
    });
  }

  /**
   * The outputs `OutputData.createDeterministicData(sum, seed, start, keyset, amounts)` gives, from
   * what was prepared when every counter of the range was; each counter is handed out once.
   */
  outputs(seed: Uint8Array, keyset: Keyset, start: number, amounts: AmountLike[]): OutputData[] {
    this.use(seed);
    const keys = amounts.map((_, i) => `${keyset.id}:${start + i}`);
    const found = keys.map((key) => this.byCounter.get(key));
    for (const key of keys) this.byCounter.delete(key);
    if (found.every((entry) => entry !== undefined)) {
      return amounts.map(
        (amount, i) =>
          new OutputData(
            { amount: Amount.from(amount), B_: found[i]!.B_, id: keyset.id },
            found[i]!.blindingFactor,
            found[i]!.secret,
          ),
      );
    }
    const total = amounts.reduce<Amount>((sum, amount) => sum.add(amount), Amount.from(0));
    return OutputData.createDeterministicData(total, seed, start, keyset, amounts);
  }

  /** Forgets every prepared output (the till locked: no secret stays in memory). */
  clear(): void {
    this.byCounter.clear();
    this.seed = null;
  }

  /** Outputs of another seed (a restore replaced it) are never handed out. */
  private use(seed: Uint8Array): void {
    if (this.seed === seed) return;
    this.byCounter.clear();
    this.seed = seed;
  }
}
