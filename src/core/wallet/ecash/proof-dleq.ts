// NUT-12 DLEQ check of a proof a customer hands over ("verify if present", with its blinding factor
// r), in variable time: every value in it is public, so constant-time multiplication, which cashu-ts'
// hasValidDleq uses, only costs time (docs/performance.md "Ecash payment latency").
import { hash_e, hashToCurve } from '@cashu/cashu-ts';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { NewProof } from '../proof-ports';

const { Point } = secp256k1;
const HEX = /^[0-9a-fA-F]+$/;

/** A scalar in [1, n): what cashu-ts' constant-time multiplication accepts; `exact`: 32 bytes. */
function scalarOf(hex: string, exact: boolean): bigint | null {
  if (!HEX.test(hex) || hex.length > 64 || (exact && hex.length !== 64)) return null;
  const value = BigInt(`0x${hex}`);
  return value > 0n && value < Point.Fn.ORDER ? value : null;
}

/**
 * True when the proof's DLEQ shows its signature was made with `mintKey` (hex, the keyset's key
 * for the proof's amount): B' = Y + rG, C' = C + rA, R1 = sG − eA, R2 = sB' − eC', and
 * e = hash(R1, R2, A, C'). The same answer as cashu-ts' hasValidDleq (the NUT-12 vectors check
 * both); false for a proof without a DLEQ or r, or with anything malformed.
 */
export function proofDleqValid(proof: Pick<NewProof, 'secret' | 'C' | 'dleq'>, mintKey: string) {
  const { dleq } = proof;
  if (!dleq || dleq.r === undefined) return false;
  const e = scalarOf(dleq.e, true);
  const s = scalarOf(dleq.s, true);
  const r = scalarOf(dleq.r, false);
  if (e === null || s === null || r === null) return false;
  try {
    const A = Point.fromHex(mintKey);
    const C = Point.fromHex(proof.C).add(A.multiplyUnsafe(r));
    const B = Point.fromHex(hashToCurve(utf8ToBytes(proof.secret)).toHex(true)).add(
      Point.BASE.multiplyUnsafe(r),
    );
    const R1 = Point.BASE.multiplyUnsafe(s).subtract(A.multiplyUnsafe(e));
    const R2 = B.multiplyUnsafe(s).subtract(C.multiplyUnsafe(e));
    return bytesToHex(hash_e([R1, R2, A, C])) === dleq.e.toLowerCase();
  } catch {
    return false;
  }
}
