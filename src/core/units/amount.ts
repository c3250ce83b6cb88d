// An amount that carries its unit, in whole minor units (sats, cents): sums only within one unit.
import { CashewError } from '../errors';
import type { Unit } from './unit';
import { unitDecimals } from './unit';

/**
 * `minor` is a whole number of the unit's smallest step: sats for sat, cents for usd. The unit
 * travels with it so a sum of sats and cents is a type error (`addAmounts`) and, where the units
 * are only known at run time, a thrown UnitMismatchError; never a number.
 */
export interface Amount<U extends Unit = Unit> {
  readonly unit: U;
  readonly minor: number;
}

/** Two amounts of different units met where one unit was required; nothing was added. */
export class UnitMismatchError extends CashewError {
  constructor(
    readonly expected: Unit,
    readonly actual: Unit,
  ) {
    super(`Amounts in ${actual} cannot be combined with amounts in ${expected}`);
  }
}

/** A whole, safe number of minor units; anything else (3.5 cents, NaN) is a bug, thrown at once. */
export function amountOf<U extends Unit>(minor: number, unit: U): Amount<U> {
  if (!Number.isSafeInteger(minor)) {
    throw new CashewError(`An amount in ${unit} must be a whole number of minor units: ${minor}`);
  }
  return { unit, minor };
}

export function zero<U extends Unit>(unit: U): Amount<U> {
  return { unit, minor: 0 };
}

function sameUnit<U extends Unit>(a: Amount<U>, b: Amount<Unit>): asserts b is Amount<U> {
  if (a.unit !== b.unit) throw new UnitMismatchError(a.unit, b.unit);
}

/** `b` must be of `a`'s unit: `NoInfer` keeps TypeScript from widening U to 'sat' | 'usd'. */
export function addAmounts<U extends Unit>(a: Amount<U>, b: Amount<NoInfer<U>>): Amount<U> {
  sameUnit(a, b);
  return amountOf(a.minor + b.minor, a.unit);
}

export function subtractAmounts<U extends Unit>(a: Amount<U>, b: Amount<NoInfer<U>>): Amount<U> {
  sameUnit(a, b);
  return amountOf(a.minor - b.minor, a.unit);
}

/** The sum of amounts all in `unit`; an empty list is zero of it. */
export function sumAmounts<U extends Unit>(
  unit: U,
  amounts: readonly Amount<NoInfer<U>>[],
): Amount<U> {
  let total = 0;
  for (const amount of amounts) {
    sameUnit(zero(unit), amount);
    total += amount.minor;
  }
  return amountOf(total, unit);
}

/** Totals per unit, in the order each unit first appears: a wallet's balances side by side. */
export function totalsByUnit(amounts: readonly Amount[]): Amount[] {
  const totals = new Map<Unit, number>();
  for (const { unit, minor } of amounts) totals.set(unit, (totals.get(unit) ?? 0) + minor);
  return [...totals].map(([unit, minor]) => amountOf(minor, unit));
}

/**
 * A major-unit value (an item priced 3.5 USD) in minor units, rounded half away from zero at the
 * unit's decimals: 3.5 USD is 350, 1.005 USD is 101 (decimal, not binary, rounding), 2.5 sat is 3.
 */
export function amountFromMajor<U extends Unit>(value: number, unit: U): Amount<U> {
  if (!Number.isFinite(value)) throw new CashewError(`Not an amount: ${value}`);
  const decimals = unitDecimals(unit);
  // Shifting through the decimal text avoids 1.005 * 100 = 100.49999… (tiny or huge values are
  // written with an exponent already and are shifted as numbers).
  const text = String(Math.abs(value));
  const shifted = text.includes('e')
    ? Math.abs(value) * 10 ** decimals
    : Number(`${text}e${decimals}`);
  const minor = Math.floor(shifted + 0.5);
  return amountOf(value < 0 ? -minor : minor, unit);
}

/**
 * Typed text in major units ("3.50", "3,5", "12") as minor units, exactly: no float in between.
 * More decimals than the unit has, or anything but digits and one separator, is undefined.
 */
export function amountFromText<U extends Unit>(text: string, unit: U): Amount<U> | undefined {
  const match = /^(\d+)(?:[.,](\d*))?$/u.exec(text.trim());
  if (!match) return undefined;
  const decimals = unitDecimals(unit);
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) return undefined;
  const minor = Number(`${match[1]}${fraction.padEnd(decimals, '0')}`);
  return Number.isSafeInteger(minor) ? amountOf(minor, unit) : undefined;
}

/**
 * The amount in English as logs and core's fallback messages write it, "2.01 USD" or "21 sats";
 * the screens format it per language (core/units/format-amount.ts).
 */
export function amountText(amount: Amount): string {
  if (amount.unit === 'sat') return `${amount.minor} sats`;
  const decimals = unitDecimals(amount.unit);
  const sign = amount.minor < 0 ? '-' : '';
  const digits = String(Math.abs(amount.minor)).padStart(decimals + 1, '0');
  const whole = decimals === 0 ? digits : digits.slice(0, -decimals);
  const fraction = decimals === 0 ? '' : `.${digits.slice(-decimals)}`;
  return `${sign}${whole}${fraction} ${amount.unit.toUpperCase()}`;
}
