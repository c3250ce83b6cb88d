// Blind signing with DLEQ (NUT-00/12) and proof verification (C == k * hash_to_curve(secret)).
import { hash_e, hashToCurve, pointFromHex } from '@cashu/cashu-ts';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { ErrorCode, MintError, proofsPendingError } from './errors.ts';
import { unitOfKeysets } from './units.ts';
import type { Keyring } from './keysets.ts';
import type { BlindedMessageWire, KeysetRecord, ProofWire, SignatureRecord } from './types.ts';
import { bad } from './wire.ts';

type Point = ReturnType<typeof pointFromHex>;

const { Point: Curve } = secp256k1;
const Fn = Curve.Fn;

function point(hex: string, what: string): Point {
  try {
    return pointFromHex(hex);
  } catch {
    throw bad(`${what} is not a valid curve point`);
  }
}

/** Y = hash_to_curve(secret), the public identifier of a proof's spent state. */
export function proofY(secret: string): string {
  return hashToCurve(new TextEncoder().encode(secret)).toHex(true);
}

/**
 * C_ = k * B_ with a NUT-12 DLEQ proof (r random, R1 = r * G, R2 = r * B_, e = hash(R1, R2, A, C_),
 * s = r + e * k). The multiplications by B_ are variable-time (noble's `multiplyUnsafe`), about a
 * third of the constant-time ones cashu-ts's mint helpers use: this mint guards no real money, and
 * its signing is most of its CPU in the tests (docs/performance.md "Test suite time").
 */
export function signBlinded(
  keyset: KeysetRecord,
  privateKey: Uint8Array,
  amount: number,
  B_hex: string,
): SignatureRecord {
  const B_ = point(B_hex, 'B_');
  const k = Fn.fromBytes(privateKey);
  const C_ = B_.multiplyUnsafe(k);
  const r = Fn.fromBytes(secp256k1.utils.randomSecretKey());
  const e = hash_e([Curve.BASE.multiply(r), B_.multiplyUnsafe(r), Curve.BASE.multiply(k), C_]);
  const s = Fn.add(r, Fn.mul(Fn.fromBytes(e), k));
  return {
    id: keyset.id,
    amount,
    C_: C_.toHex(true),
    dleq: { e: bytesToHex(e), s: bytesToHex(Fn.toBytes(s)) },
  };
}

export type CheckedOutput = { output: BlindedMessageWire; keyset: KeysetRecord; key: Uint8Array };

/**
 * Checks outputs before anything is signed: active keyset, a key for the amount, a valid point,
 * no duplicates and no B_ signed before. `blank` outputs (NUT-08 change) get their amount later.
 */
export function checkOutputs(
  keyring: Keyring,
  outputs: BlindedMessageWire[],
  signed: Record<string, SignatureRecord>,
  blank = false,
): CheckedOutput[] {
  const seen = new Set<string>();
  const checked = outputs.map((output) => {
    const keyset = keyring.getForSigning(output.id);
    const amount = blank ? 1 : output.amount;
    const key = keyring.privateKey(keyset, amount);
    if (!key) throw new MintError(ErrorCode.transaction, `invalid output amount ${output.amount}`);
    point(output.B_, 'B_');
    if (seen.has(output.B_)) throw new MintError(ErrorCode.duplicateOutputs, 'duplicate outputs');
    seen.add(output.B_);
    return { output, keyset, key };
  });
  unitOfKeysets(
    checked.map((c) => c.keyset),
    'outputs',
  );
  if (checked.some(({ output }) => signed[output.B_])) {
    throw new MintError(ErrorCode.outputsAlreadySigned, 'outputs have already been signed before');
  }
  return checked;
}

export function signChecked(checked: CheckedOutput[]): SignatureRecord[] {
  return checked.map(({ output, keyset, key }) =>
    signBlinded(keyset, key, output.amount, output.B_),
  );
}

export type CheckedInput = { proof: ProofWire; keyset: KeysetRecord; Y: string };

/** Verifies every input's signature and that none is spent, held by a pending melt, or repeated. */
export function checkInputs(
  keyring: Keyring,
  inputs: ProofWire[],
  spent: Record<string, number>,
  pending: Record<string, string> = {},
): CheckedInput[] {
  const seen = new Set<string>();
  const checked = inputs.map((proof) => {
    const keyset = keyring.get(proof.id);
    const key = keyring.privateKey(keyset, proof.amount);
    if (!key) throw new MintError(ErrorCode.proofInvalid, 'proof could not be verified');
    const C = point(proof.C, 'C');
    const hashed = hashToCurve(new TextEncoder().encode(proof.secret));
    // C == k * hash_to_curve(secret), variable-time as in signBlinded
    if (!hashed.multiplyUnsafe(Fn.fromBytes(key)).equals(C)) {
      throw new MintError(ErrorCode.proofInvalid, 'proof could not be verified');
    }
    const Y = hashed.toHex(true);
    if (seen.has(Y)) throw new MintError(ErrorCode.duplicateInputs, 'duplicate inputs provided');
    seen.add(Y);
    return { proof, keyset, Y };
  });
  unitOfKeysets(
    checked.map((c) => c.keyset),
    'inputs',
  );
  if (checked.some(({ Y }) => spent[Y] !== undefined)) {
    throw new MintError(ErrorCode.proofsAlreadySpent, 'Token already spent.');
  }
  if (checked.some(({ Y }) => pending[Y] !== undefined)) throw proofsPendingError();
  return checked;
}

/** NUT-02: ceil(sum of the input keysets' input_fee_ppk / 1000). */
export function inputFee(inputs: CheckedInput[]): number {
  const ppk = inputs.reduce((total, { keyset }) => total + keyset.input_fee_ppk, 0);
  return Math.ceil(ppk / 1000);
}
