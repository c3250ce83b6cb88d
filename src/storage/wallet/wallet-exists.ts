// The check behind `newWalletOnly` writes (core/settings/ports.ts): run inside the write's own transaction,
// so a device that became onboarded meanwhile (another tab) is never overwritten.
import { WalletExistsError } from '../../core/errors';
import type { CashewDb } from '../database/db';
import { CONFIG_KEYS } from '../database/key-names';

/** Throws WalletExistsError when the ONBOARDED row says true. Call inside a transaction on config. */
export async function refuseIfOnboarded(db: CashewDb): Promise<void> {
  const row = await db.config.get(CONFIG_KEYS.onboarded);
  if (row?.value === 'true') throw new WalletExistsError();
}
