// Where the soak meets work on issue 46 not in the wallet yet, so each plugs in at one place:
// proof-state reconciliation and history that follows the phrase (bench/soak/README.md).
import type { MerchantDevice } from './merchant.ts';

/**
 * Proof-state reconciliation (NUT-07 of the stored proofs, "spent elsewhere" rows). The wallet
 * has none yet, so this answers false and the end check leaves out, as known, the proofs the
 * model saw the other device spend. Once it exists: run it here on `device` (as Refresh would)
 * and answer true; those proofs must then be gone, with the rows it writes expected.
 */
export async function reconcileProofs(device: MerchantDevice): Promise<boolean> {
  void device;
  return false;
}
