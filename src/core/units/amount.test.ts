// Amounts that carry their unit: sums and differences only within one unit, whole minor units,
// rounding and reading typed text, and the English text of an amount.
import { describe, expect, it } from 'vitest';
import {
  amountText,
  addAmounts,
  amountFromMajor,
  amountFromText,
  amountOf,
  subtractAmounts,
  sumAmounts,
  totalsByUnit,
  UnitMismatchError,
  type Amount,
} from './amount';
import type { Unit } from './unit';

describe('amounts carry their unit', () => {
  it('adds and subtracts within one unit', () => {
    expect(addAmounts(amountOf(350, 'usd'), amountOf(150, 'usd'))).toEqual({
      unit: 'usd',
      minor: 500,
    });
    expect(subtractAmounts(amountOf(2100, 'sat'), amountOf(100, 'sat')).minor).toBe(2000);
  });

  it('makes adding sats to cents a type error', () => {
    const sats = amountOf(1000, 'sat');
    const cents = amountOf(350, 'usd');
    // @ts-expect-error sats and cents never add up
    expect(() => addAmounts(sats, cents)).toThrow(UnitMismatchError);
    // @ts-expect-error nor subtract
    expect(() => subtractAmounts(cents, sats)).toThrow(UnitMismatchError);
    // @ts-expect-error a usd total takes no sats
    expect(() => sumAmounts('usd', [cents, sats])).toThrow(UnitMismatchError);
  });

  it('refuses at run time when the units are only known then', () => {
    const read = (unit: Unit, minor: number): Amount => amountOf(minor, unit);
    expect(() => addAmounts(read('sat', 1000), read('usd', 350))).toThrow(
      'Amounts in usd cannot be combined with amounts in sat',
    );
  });

  it('refuses fractions of a minor unit', () => {
    expect(() => amountOf(3.5, 'usd')).toThrow();
    expect(() => amountOf(Number.NaN, 'sat')).toThrow();
  });

  it('sums a wallet per unit, never across', () => {
    const totals = totalsByUnit([
      amountOf(1000, 'sat'),
      amountOf(200, 'usd'),
      amountOf(24, 'sat'),
      amountOf(150, 'usd'),
      amountOf(99, 'eur'),
    ]);
    expect(totals).toEqual([
      { unit: 'sat', minor: 1024 },
      { unit: 'usd', minor: 350 },
      { unit: 'eur', minor: 99 },
    ]);
    expect(sumAmounts('usd', [])).toEqual({ unit: 'usd', minor: 0 });
  });
});

describe('rounding into minor units', () => {
  it('rounds a price half away from zero at the unit decimals, in decimal', () => {
    expect(amountFromMajor(3.5, 'usd').minor).toBe(350);
    expect(amountFromMajor(1.005, 'usd').minor).toBe(101);
    expect(amountFromMajor(1.004, 'usd').minor).toBe(100);
    expect(amountFromMajor(-1.005, 'eur').minor).toBe(-101);
    expect(amountFromMajor(0.1 + 0.2, 'usd').minor).toBe(30);
    expect(amountFromMajor(2.5, 'sat').minor).toBe(3);
    expect(amountFromMajor(150.5, 'jpy').minor).toBe(151);
    expect(amountFromMajor(1e-7, 'usd').minor).toBe(0);
  });

  it('reads typed text exactly, with a point or a comma, and refuses extra decimals', () => {
    expect(amountFromText('3.50', 'usd')?.minor).toBe(350);
    expect(amountFromText('3,5', 'eur')?.minor).toBe(350);
    expect(amountFromText('12', 'usd')?.minor).toBe(1200);
    expect(amountFromText('0.07', 'usd')?.minor).toBe(7);
    expect(amountFromText('2100', 'sat')?.minor).toBe(2100);
    expect(amountFromText('3.505', 'usd')).toBeUndefined();
    expect(amountFromText('1.5', 'sat')).toBeUndefined();
    expect(amountFromText('-3', 'usd')).toBeUndefined();
    expect(amountFromText('3.5.0', 'usd')).toBeUndefined();
  });

  it('writes an amount in English for logs and fallbacks, cents as dollars', () => {
    expect(amountText(amountOf(201, 'usd'))).toBe('2.01 USD');
    expect(amountText(amountOf(7, 'eur'))).toBe('0.07 EUR');
    expect(amountText(amountOf(1200, 'jpy'))).toBe('1200 JPY');
    expect(amountText(amountOf(21, 'sat'))).toBe('21 sats');
  });
});
