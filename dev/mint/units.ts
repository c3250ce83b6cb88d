// The dev mint's units (sat, usd, eur) and the Lightning price of a fiat amount from the dev price feed.
import { DEFAULT_PRICES } from '../prices/price-book.ts';
import { ErrorCode, MintError } from './errors.ts';

/** Every unit the mint keeps a keyset for; fiat amounts are in the currency's cents. */
export const UNITS = ['sat', 'usd', 'eur'] as const;
export type Unit = (typeof UNITS)[number];

/** The price feed's currency of each fiat unit. */
const CURRENCY: Record<Exclude<Unit, 'sat'>, 'USD' | 'EUR'> = { usd: 'USD', eur: 'EUR' };

export function isUnit(value: unknown): value is Unit {
  return typeof value === 'string' && (UNITS as readonly string[]).includes(value);
}

/** BTC price of a fiat unit's currency; read when a fiat quote is made. */
export type PriceSource = (unit: Exclude<Unit, 'sat'>) => Promise<number>;

/** The dev price feed's default prices (one dollar is 1 000 sat), when no feed URL is given. */
export const defaultPrices: PriceSource = async (unit) => DEFAULT_PRICES[CURRENCY[unit]];

/**
 * Reads the price from a mempool-shaped feed (`GET /api/v1/prices`, dev/prices). A feed that fails
 * or answers no positive price refuses the quote: the mint never guesses a rate.
 */
export function feedPrices(pricesUrl: string): PriceSource {
  return async (unit) => {
    const currency = CURRENCY[unit];
    let price: unknown;
    try {
      const response = await fetch(pricesUrl);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      price = ((await response.json()) as Record<string, unknown>)[currency];
    } catch (error) {
      throw new MintError(
        ErrorCode.transaction,
        `price feed unavailable for ${currency}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (typeof price !== 'number' || !Number.isFinite(price) || price <= 0) {
      throw new MintError(ErrorCode.transaction, `price feed has no ${currency} price`);
    }
    return price;
  };
}

/** Sats a payer sends for `cents` at `btcPrice` (per BTC), rounded up: the mint is never short. */
export function satsForCents(cents: number, btcPrice: number): number {
  return Math.ceil((cents * 1_000_000) / btcPrice);
}

/** Cents a melt of `sats` costs at `btcPrice`, rounded up: the mint never pays out more than it took. */
export function centsForSats(sats: number, btcPrice: number): number {
  return Math.ceil((sats * btcPrice) / 1_000_000);
}

/**
 * The one unit of a request's keysets (NUT-03: a swap never mixes units); undefined when there
 * are none. Two units in one list is refused.
 */
export function unitOfKeysets(
  keysets: readonly { unit: string }[],
  what: string,
): string | undefined {
  const units = new Set(keysets.map((k) => k.unit));
  if (units.size > 1) {
    throw new MintError(
      ErrorCode.multipleUnits,
      `${what} of more than one unit (${[...units].join(', ')})`,
    );
  }
  return keysets[0]?.unit;
}

/** Refuses a request whose two sides are of different units (inputs vs outputs, quote vs proofs). */
export function checkSameUnit(
  expected: string | undefined,
  actual: string | undefined,
  what: string,
): void {
  if (expected !== undefined && actual !== undefined && actual !== expected) {
    throw new MintError(ErrorCode.unitMismatch, `${what} are in ${actual}, not ${expected}`);
  }
}
