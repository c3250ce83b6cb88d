// Which unit each of a mint's keysets is in, and a restored proof tagged with it: the keyset
// decides a proof's unit (docs/decisions/0067-amounts-carry-their-unit.md).
import type { Wallet } from '@cashu/cashu-ts';
import { parseUnit, SAT, type Unit } from '../../units/unit';
import type { NewProof } from '../proof-ports';

/**
 * Every keyset the mint lists, active and inactive, of every unit the wallet can hold, with its
 * unit; a keyset of a unit the wallet never holds (msat, auth) is left out. Empty when the
 * wallet has no keysets loaded.
 */
export function keysetUnits(wallet: Wallet): Array<{ id: string; unit: Unit }> {
  try {
    return wallet.keyChain.getAllKeysetIds().flatMap((id) => {
      const unit = parseUnit(wallet.keyChain.getKeyset(id).unit);
      return unit ? [{ id, unit }] : [];
    });
  } catch {
    return [];
  }
}

/** A restored proof stored with its keyset's unit: none for sat, as before units. */
export function inUnit(proof: NewProof, unit: Unit): NewProof {
  return unit === SAT ? proof : { ...proof, unit };
}
