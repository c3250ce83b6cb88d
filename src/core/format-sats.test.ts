// formatSats groups digits like en-US number formatting, without Intl.
import { describe, expect, it } from 'vitest';
import { formatNumber, formatSats } from './format-sats';

describe('formatSats', () => {
  it('matches en-US grouping for amounts across every group boundary', () => {
    const en = new Intl.NumberFormat('en-US');
    const amounts = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 12_345, 100_000, 999_999, 1_000_000];
    amounts.push(21_000_000 * 100_000_000, Number.MAX_SAFE_INTEGER, -1, -1234, -1_000_000);
    for (const sats of amounts) expect(formatSats(sats), String(sats)).toBe(en.format(sats));
  });

  it('leaves what is not a whole number of sats as plain text rather than misgrouping it', () => {
    expect(formatSats(1234.5)).toBe('1234.5');
    expect(formatSats(Number.NaN)).toBe('NaN');
    expect(formatSats(Infinity)).toBe('Infinity');
  });
});

describe('formatNumber', () => {
  it('groups the whole part like en-US and keeps the decimals a price has', () => {
    expect(formatNumber(100_000)).toBe('100,000');
    expect(formatNumber(65_432.5)).toBe('65,432.5');
    expect(formatNumber(15_000_000)).toBe('15,000,000');
    expect(formatNumber(0.00012)).toBe('0.00012');
    expect(formatNumber(-1234.25)).toBe('-1,234.25');
    expect(formatNumber(Number.NaN)).toBe('NaN');
  });
});
