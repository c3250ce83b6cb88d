// Tax by rate, pure: each line's rate and whether its price includes tax, discounts shared out
// before tax, rounding per line or per receipt, and net/tax/gross per rate
// (docs/protocol.md "Tax by rate", docs/decisions/0064-tax-by-rate-and-receipts.md).

/** Rounding of tax to whole sats: on each line, or once per rate on the whole receipt. */
export type TaxRounding = 'line' | 'receipt';

export const TAX_ROUNDINGS: readonly TaxRounding[] = ['line', 'receipt'];

/** A line as the tax sees it: what the customer pays for it before tax is added, in sats. */
export interface TaxableLine {
  /** price × quantity less the line's discounts (its own and its share of the cart's) */
  baseSats: number;
  /** percent, at most two decimals; absent or 0 is untaxed */
  rate?: number;
  /** the price already holds the tax (shelf prices with VAT) */
  included?: boolean;
}

/** One rate's figures: gross = net + tax. */
export interface RateTotal {
  /** percent; null for an old record whose tax cannot be put to a rate */
  rate: number | null;
  netSats: number;
  taxSats: number;
  grossSats: number;
}

export interface TaxResult {
  /** each line's tax in sats, in the order given (included or added) */
  lineTax: number[];
  /** tax added on top of exclusive prices: part of what the customer pays beyond the bases */
  addedSats: number;
  /** tax inside inclusive prices: already part of the bases */
  includedSats: number;
}

/** rate in hundredths of a percent: 7.5 % is 750 */
export function basisPoints(rate: number | undefined): bigint {
  return rate ? BigInt(Math.round(rate * 100)) : 0n;
}

/** n × num / den rounded half up, in exact integers (n, num, den >= 0, den > 0). */
export function mulDivHalfUp(n: number, num: bigint, den: bigint): number {
  return Number((BigInt(n) * num * 2n + den) / (den * 2n));
}

/** The tax in `baseSats`: on top (base × rate) or inside it (base × rate / (100 % + rate)). */
export function taxIn(baseSats: number, rate: number | undefined, included = false): number {
  const bp = basisPoints(rate);
  if (bp === 0n || baseSats <= 0) return 0;
  return mulDivHalfUp(baseSats, bp, included ? 10_000n + bp : 10_000n);
}

/**
 * `total` split in whole units in proportion to `weights` (largest remainder, ties to the earlier
 * line): the parts sum to `total` exactly and none exceeds its weight when total <= sum of weights.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (total <= 0 || sum <= 0) return weights.map(() => 0);
  const T = BigInt(total);
  const S = BigInt(sum);
  const parts = weights.map((w) => Number((T * BigInt(w)) / S));
  const rests = weights.map((w, i) => ({ i, rest: (T * BigInt(w)) % S }));
  let left = total - parts.reduce((s, p) => s + p, 0);
  rests.sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const { i } of rests) {
    if (left <= 0) break;
    if (weights[i]! > 0) {
      parts[i]! += 1;
      left -= 1;
    }
  }
  return parts;
}

const groupKey = (line: TaxableLine) => `${basisPoints(line.rate)}:${line.included ? 1 : 0}`;

/**
 * The tax of `lines`. Per line: each line's tax rounded half up. Per receipt: the bases of each
 * rate (inclusive and exclusive apart) summed, the tax rounded once, then shared back to the lines
 * by their bases so a refund of one line knows its tax.
 */
export function taxOf(lines: readonly TaxableLine[], rounding: TaxRounding = 'line'): TaxResult {
  let lineTax: number[];
  if (rounding === 'line') {
    lineTax = lines.map((line) => taxIn(line.baseSats, line.rate, line.included));
  } else {
    lineTax = lines.map(() => 0);
    const groups = new Map<string, number[]>();
    lines.forEach((line, i) => {
      const key = groupKey(line);
      groups.set(key, [...(groups.get(key) ?? []), i]);
    });
    for (const members of groups.values()) {
      const first = lines[members[0]!]!;
      const bases = members.map((i) => Math.max(0, lines[i]!.baseSats));
      const tax = taxIn(
        bases.reduce((s, b) => s + b, 0),
        first.rate,
        first.included,
      );
      allocate(tax, bases).forEach((part, j) => (lineTax[members[j]!] = part));
    }
  }
  let addedSats = 0;
  let includedSats = 0;
  lines.forEach((line, i) => {
    if (line.included) includedSats += lineTax[i]!;
    else addedSats += lineTax[i]!;
  });
  return { lineTax, addedSats, includedSats };
}

/** Net, tax and gross of each rate of taxed lines, rates ascending (0 for untaxed lines). */
export function ratesOf(lines: readonly (TaxableLine & { taxSats: number })[]): RateTotal[] {
  const byRate = new Map<number, RateTotal>();
  for (const line of lines) {
    const rate = line.rate ?? 0;
    const row = byRate.get(rate) ?? { rate, netSats: 0, taxSats: 0, grossSats: 0 };
    const net = line.included ? line.baseSats - line.taxSats : line.baseSats;
    row.netSats += net;
    row.taxSats += line.taxSats;
    row.grossSats += net + line.taxSats;
    byRate.set(rate, row);
  }
  return [...byRate.values()].sort((a, b) => (a.rate ?? -1) - (b.rate ?? -1));
}

/** `rows` with `other` added rate by rate (the books and the day summary sum them so). */
export function addRates(rows: RateTotal[], other: readonly RateTotal[]): RateTotal[] {
  for (const add of other) {
    const row = rows.find((r) => r.rate === add.rate);
    if (row) {
      row.netSats += add.netSats;
      row.taxSats += add.taxSats;
      row.grossSats += add.grossSats;
    } else {
      rows.push({ ...add });
    }
  }
  return rows.sort((a, b) => (a.rate ?? -1) - (b.rate ?? -1));
}
