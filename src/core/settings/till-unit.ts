// The unit the till charges in (sat, or a fiat unit its mint issues) and the units a mint offers, read from its keysets (NUT-01/02).
import { MintUnreachableError } from '../errors';
import type { Amount } from '../units/amount';
import { parseUnit, SAT, type Unit } from '../units/unit';
import { mintUrlKey } from '../urls/normalise-url';

/** Where the till unit is kept; a device that never chose one charges in sats. */
export interface TillUnitStore {
  getTillUnit(): Promise<Unit>;
  setTillUnit(unit: Unit): Promise<void>;
}

/**
 * The balance in the till unit as the keypad shows it, with the unit's decimals so the first
 * screen formats it without loading the unit table.
 */
export interface TillBalance extends Amount {
  decimals: number;
}

/**
 * The units of a mint's active keysets the wallet can hold, sat first, then the others in the
 * mint's order; units the app does not know (msat, auth) are left out
 * (docs/decisions/0067-amounts-carry-their-unit.md).
 */
export function unitsOffered(keysets: readonly { unit?: unknown; active?: unknown }[]): Unit[] {
  const units = new Set<Unit>();
  for (const keyset of keysets) {
    const unit = parseUnit(keyset.unit);
    if (unit !== undefined && keyset.active !== false) units.add(unit);
  }
  return [...units].sort((a, b) => Number(b === SAT) - Number(a === SAT));
}

/** GET {mintUrl}/v1/keysets: the units the mint issues; throws MintUnreachableError when it cannot say. */
export async function readMintUnits(
  mintUrl: string,
  fetchFn: typeof globalThis.fetch = globalThis.fetch.bind(globalThis),
): Promise<Unit[]> {
  let body: unknown;
  try {
    const response = await fetchFn(`${mintUrlKey(mintUrl)}/v1/keysets`);
    if (!response.ok) throw new MintUnreachableError(`the mint answered HTTP ${response.status}`);
    body = await response.json();
  } catch (error) {
    if (error instanceof MintUnreachableError) throw error;
    throw new MintUnreachableError('the mint cannot be reached', { cause: error });
  }
  const keysets = (body as { keysets?: unknown } | null)?.keysets;
  if (!Array.isArray(keysets)) {
    throw new MintUnreachableError('this address does not answer as a Cashu mint');
  }
  return unitsOffered(keysets as { unit?: unknown; active?: unknown }[]);
}
