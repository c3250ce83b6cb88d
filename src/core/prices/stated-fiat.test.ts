// A remote cashier's fiat record: what the merchant keeps, ignores or overrules (decision 0046).
import { describe, expect, it } from 'vitest';
import { silentLogger, type Logger } from '../logger';
import type { FiatRecord } from './currencies';
import { remoteSaleFiat } from './remote-sale-fiat';
import {
  checkStatedFiat,
  chooseRemoteFiat,
  MAX_STATED_PRICE_GAP,
  type HeldFiat,
} from './stated-fiat';

const NOW = Date.UTC(2026, 10, 27, 12);
// 9,749 sats at 100,000 USD/BTC is 9.749 USD: 9.75 to the cent.
const SATS = 9_749;
const stated: FiatRecord = { currency: 'USD', price: 100_000, value: 9.75, time: NOW - 60_000 };

describe('checkStatedFiat', () => {
  it('keeps a record whose value is the sats at its price, known fields only', () => {
    expect(checkStatedFiat({ ...stated, extra: 'x' }, SATS, NOW)).toEqual(stated);
    const { time: _time, ...timeless } = stated;
    expect(checkStatedFiat(timeless, SATS, NOW)).toEqual(timeless);
    // Rounded the other way by one cent is still the same sale.
    expect(checkStatedFiat({ ...stated, value: 9.74 }, SATS, NOW)).toEqual({
      ...stated,
      value: 9.74,
    });
    // No minor units in JPY: 9,749 sats at 15,000,000 JPY/BTC is 1,462.35 → 1,462 yen.
    const yen = { currency: 'JPY', price: 15_000_000, value: 1_462 };
    expect(checkStatedFiat(yen, SATS, NOW)).toEqual(yen);
  });

  it.each([
    ['not an object', 'USD 9.75'],
    ['an array', [stated]],
    ['null', null],
    ['missing currency', { price: 100_000, value: 9.75 }],
    ['an unknown currency', { ...stated, currency: 'XYZ' }],
    ['a lower-case currency', { ...stated, currency: 'usd' }],
    ['missing price', { currency: 'USD', value: 9.75 }],
    ['a price as text', { ...stated, price: '100000' }],
    ['a zero price', { ...stated, price: 0 }],
    ['a negative price', { ...stated, price: -100_000 }],
    ['an absurd price', { ...stated, price: 1e12 }],
    ['a tiny price', { ...stated, price: 1e-9 }],
    ['missing value', { currency: 'USD', price: 100_000 }],
    ['a value as text', { ...stated, value: '9.75' }],
    ['a negative value', { ...stated, value: -9.75 }],
    ['a value in part-cents', { ...stated, value: 9.745 }],
    ['a time as text', { ...stated, time: String(NOW) }],
    ['a fractional time', { ...stated, time: NOW + 0.5 }],
    ['a time before bitcoin', { ...stated, time: 1_000 }],
    ['a time an hour ahead', { ...stated, time: NOW + 3_600_000 }],
  ])('ignores %s', (_shape, value) => {
    expect(typeof checkStatedFiat(value, SATS, NOW)).toBe('string');
  });

  it('ignores a value that is not the sats at the stated price', () => {
    expect(checkStatedFiat({ ...stated, value: 9.77 }, SATS, NOW)).toBe(
      'value does not match the sats',
    );
    // The right value for other sats: the cashier's figure must be the mint's amount's.
    expect(checkStatedFiat(stated, 12_000, NOW)).toBe('value does not match the sats');
  });
});

/** The merchant's own fiat record of a sale worth 9.8 at `price`. */
const merchantRecord = (price: number, currency = 'USD'): FiatRecord => ({
  currency,
  price,
  value: 9.8,
  time: NOW,
});

describe('chooseRemoteFiat', () => {
  it('keeps the merchant’s own record when the cashier stated none (older cashiers)', () => {
    expect(chooseRemoteFiat(undefined, merchantRecord(100_500))).toEqual({
      record: merchantRecord(100_500),
    });
    expect(chooseRemoteFiat(undefined, undefined)).toEqual({ record: undefined });
  });

  it('keeps the cashier’s record within the bound of the merchant’s price, or without one', () => {
    expect(chooseRemoteFiat(stated, merchantRecord(100_000 * (1 + MAX_STATED_PRICE_GAP)))).toEqual({
      record: stated,
    });
    expect(chooseRemoteFiat(stated, merchantRecord(95_000))).toEqual({ record: stated });
    expect(chooseRemoteFiat(stated, undefined)).toEqual({ record: stated });
  });

  it('takes the merchant’s own price beyond the bound, noting the cashier’s', () => {
    const chosen = chooseRemoteFiat(stated, merchantRecord(112_000));
    expect(chosen.record).toEqual({ ...merchantRecord(112_000), cashierPrice: 100_000 });
    expect(chosen.note).toContain('over 10 %');
    expect(chooseRemoteFiat(stated, merchantRecord(89_000)).record).toEqual({
      ...merchantRecord(89_000),
      cashierPrice: 100_000,
    });
  });

  it('takes the merchant’s own record when the cashier’s is in another currency', () => {
    const chosen = chooseRemoteFiat(stated, merchantRecord(92_000, 'EUR'));
    expect(chosen.record).toEqual(merchantRecord(92_000, 'EUR'));
    expect(chosen.note).toContain('USD');
  });
});

describe('chooseRemoteFiat while the merchant holds a jump (decision 0053)', () => {
  // The merchant took 100,000 USD; its source now says 150,000, held for the merchant.
  const held: HeldFiat = {
    kind: 'held',
    accepted: merchantRecord(100_000),
    held: merchantRecord(150_000),
  };

  it('keeps the cashier’s record near the price the merchant accepted last', () => {
    expect(chooseRemoteFiat({ ...stated, price: 105_000 }, held)).toEqual({
      record: { ...stated, price: 105_000 },
    });
  });

  it('marks the cashier’s record near the held price as priced at a held price', () => {
    const chosen = chooseRemoteFiat({ ...stated, price: 148_000 }, held);
    expect(chosen.record).toEqual({ ...stated, price: 148_000, heldPrice: 150_000 });
    expect(chosen.note).toContain('holds');
  });

  it('overrules a cashier’s price far from both with the last accepted one, noting it', () => {
    const chosen = chooseRemoteFiat({ ...stated, price: 200_000 }, held);
    expect(chosen.record).toEqual({ ...merchantRecord(100_000), cashierPrice: 200_000 });
    expect(chosen.note).toContain('over 10 %');
    expect(chooseRemoteFiat({ ...stated, price: 125_000 }, held).record).toEqual({
      ...merchantRecord(100_000),
      cashierPrice: 125_000,
    });
  });

  it('records the last accepted price for a cashier’s record in another currency', () => {
    expect(chooseRemoteFiat({ ...stated, currency: 'EUR' }, held).record).toEqual(
      merchantRecord(100_000),
    );
  });

  it('records no fiat for a sale without a cashier’s record, as the keypad takes sats', () => {
    expect(chooseRemoteFiat(undefined, held)).toEqual({ record: undefined });
  });
});

describe('remoteSaleFiat', () => {
  const warnings: string[] = [];
  const logger: Logger = { ...silentLogger, warn: (text: string) => void warnings.push(text) };

  it('keeps the cashier’s checked record, the merchant’s own price near it', async () => {
    const lookup = (sats: number) =>
      Promise.resolve<FiatRecord>({
        currency: 'USD',
        price: 104_000,
        value: sats / 1000,
        time: NOW,
      });
    expect(await remoteSaleFiat(lookup, SATS, logger, stated)).toEqual(stated);
  });

  it('records the merchant’s own price with a log line when the cashier’s is too far', async () => {
    warnings.length = 0;
    const mine: FiatRecord = { currency: 'USD', price: 150_000, value: 14.62, time: NOW };
    expect(await remoteSaleFiat(() => Promise.resolve(mine), SATS, logger, stated)).toEqual({
      ...mine,
      cashierPrice: 100_000,
    });
    expect(warnings).toEqual([expect.stringContaining("The cashier's fiat record was not used")]);
  });

  it('checks the cashier’s record against a held jump when the merchant’s price is held', async () => {
    warnings.length = 0;
    const record = (price: number): FiatRecord => ({ currency: 'USD', price, value: 1, time: NOW });
    const held = () =>
      Promise.resolve<HeldFiat>({ kind: 'held', accepted: record(50_000), held: record(100_000) });
    expect(await remoteSaleFiat(held, SATS, logger, stated)).toEqual({
      ...stated,
      heldPrice: 100_000,
    });
    expect(warnings).toEqual([expect.stringContaining('a price this till holds')]);
  });

  it('keeps the cashier’s record when the merchant’s price lookup fails', async () => {
    const failing = () => Promise.reject(new Error('offline'));
    expect(await remoteSaleFiat(failing, SATS, logger, stated)).toEqual(stated);
    expect(await remoteSaleFiat(undefined, SATS, logger, stated)).toEqual(stated);
  });
});
