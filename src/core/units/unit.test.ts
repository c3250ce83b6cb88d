import { describe, expect, it } from 'vitest';
import { parseUnit, storedUnit, unitCurrency, unitDecimals } from './unit';

describe('units', () => {
  it('reads the units mints name, in any case, and leaves others out', () => {
    expect(parseUnit('sat')).toBe('sat');
    expect(parseUnit('usd')).toBe('usd');
    expect(parseUnit('EUR')).toBe('eur');
    expect(parseUnit('msat')).toBeUndefined();
    expect(parseUnit('auth')).toBeUndefined();
    expect(parseUnit(undefined)).toBeUndefined();
  });

  it('reads a stored row with no unit as sats, as every wallet before units wrote them', () => {
    expect(storedUnit(undefined)).toBe('sat');
    expect(storedUnit('usd')).toBe('usd');
  });

  it('knows each unit decimals and currency code', () => {
    expect(unitDecimals('sat')).toBe(0);
    expect(unitDecimals('usd')).toBe(2);
    expect(unitDecimals('jpy')).toBe(0);
    expect(unitCurrency('eur')).toBe('EUR');
  });
});
