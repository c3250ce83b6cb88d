// The end's catch-up on every device before the check, as the app would reach it on its own:
// Refresh's proof-state check (decision 0049) and the history's replication (decision 0051).
import type { ChecksOutcome } from '../../src/core/wallet/proof-states/proof-reconciler.ts';
import type { MerchantDevice } from './merchant.ts';

/**
 * Refresh's check of every mint (`proofStates.checkAll`, as the Wallet screen calls it): proofs
 * the phrase's other device spent leave the balance with a `spent-elsewhere` row.
 */
export function reconcileProofs(device: MerchantDevice): Promise<ChecksOutcome> {
  return device.run((services) => services.proofStates.checkAll());
}

/**
 * Every device publishes what its schedule has not yet, then each reads every batch: both hold
 * each other's replicated rows without waiting for the minute's tick.
 */
export async function replicateHistory(devices: readonly MerchantDevice[]): Promise<string[]> {
  const problems: string[] = [];
  for (const device of devices) {
    const { pending } = await device.run((s) => s.records.publisher.syncOnce());
    if (pending > 0) problems.push(`${device.name}: ${pending} history batches not published`);
  }
  for (const device of devices) {
    const read = await device.run((s) => s.records.reader.read('full'));
    if (read.status !== 'read') problems.push(`${device.name}: history read ${read.status}`);
  }
  return problems;
}
