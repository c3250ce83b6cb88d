// The soak's one source of chance: a seeded generator, so a printed seed replays the same run.

/** A small, fast 32-bit generator (mulberry32); every choice of a run comes from one of these. */
export class Random {
  private state: number;

  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** A whole number from `min` to `max`, both included. */
  int(min: number, max: number): number {
    if (max < min) throw new RangeError(`empty range ${min}..${max}`);
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('nothing to pick from');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** One key of `weights`, each as likely as its weight; keys of weight 0 never. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
    const entries = (Object.entries(weights) as Array<[K, number]>).filter(([, w]) => w > 0);
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    if (total <= 0) throw new RangeError('every weight is 0');
    let roll = this.next() * total;
    for (const [key, weight] of entries) {
      roll -= weight;
      if (roll < 0) return key;
    }
    return entries[entries.length - 1]![0];
  }

  /** Sats spread over orders of magnitude (1 to `max`), as a till's sales are. */
  sats(max: number): number {
    const exponent = this.next() * Math.log10(Math.max(1, max));
    return Math.max(1, Math.min(max, Math.round(10 ** exponent)));
  }
}

/** A seed when none is given: printed with the run, so it can be replayed. */
export function freshSeed(): number {
  return Math.floor(Math.random() * 2 ** 31);
}
