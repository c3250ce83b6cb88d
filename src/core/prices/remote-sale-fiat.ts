// A remote sale's fiat record: the cashier's stated one when it stands beside the merchant's price
// when it is paid, else the merchant's own, looked up without holding the sale's settlement for
// long (Lightning or ecash alike; decision 0046).
import type { Logger } from '../logger';
import type { FiatRecord } from './currencies';
import { chooseRemoteFiat, type OwnFiat } from './stated-fiat';

/**
 * The merchant's side of a remote sale of `sats`: its record at a price it may use, the two
 * records of a jump it holds, or undefined (PriceService.remoteFiatFor).
 */
export type RemoteFiatLookup = (sats: number) => Promise<OwnFiat | undefined>;

/** A remote sale's price lookup may not hold the settlement of its proofs for longer. */
export const REMOTE_FIAT_TIMEOUT_MS = 2_000;

/**
 * The fiat record a remote sale of `sats` keeps, or undefined; never rejects, never waits long.
 * `stated`: the cashier's record as checked when its quote was taken (stated-fiat.ts).
 */
export async function remoteSaleFiat(
  lookup: RemoteFiatLookup | undefined,
  sats: number,
  logger: Logger,
  stated?: FiatRecord,
): Promise<FiatRecord | undefined> {
  const { record, note } = chooseRemoteFiat(stated, await ownFiat(lookup, sats, logger));
  if (note && record?.heldPrice !== undefined) {
    logger.warn(`A remote sale is priced near a price this till holds: ${note}`);
  } else if (note) logger.warn(`The cashier's fiat record was not used: ${note}`);
  return record;
}

/** The merchant's fiat record for `sats` now (or the held jump's two), or undefined. */
async function ownFiat(
  lookup: RemoteFiatLookup | undefined,
  sats: number,
  logger: Logger,
): Promise<OwnFiat | undefined> {
  if (!lookup) return undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), REMOTE_FIAT_TIMEOUT_MS);
  });
  try {
    return await Promise.race([lookup(sats), timeout]);
  } catch (error) {
    logger.warn('No fiat value for a remote sale', error);
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}
