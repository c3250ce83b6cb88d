// A remote sale's fiat record: the merchant's price when it is paid (the cashier's message carries
// none), looked up without holding the sale's settlement for long (Lightning or ecash alike).
import type { Logger } from '../logger';
import type { FiatRecord } from './currencies';

/** A remote sale's price lookup may not hold the settlement of its proofs for longer. */
export const REMOTE_FIAT_TIMEOUT_MS = 2_000;

/** The merchant's fiat record for `sats` now, or undefined; never rejects, never waits long. */
export async function remoteSaleFiat(
  lookup: ((sats: number) => Promise<FiatRecord | undefined>) | undefined,
  sats: number,
  logger: Logger,
): Promise<FiatRecord | undefined> {
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
