// NUT-12 DLEQ vectors: hash_e, the dev mint's DLEQ proofs, and the verification the wallet runs
// on signatures and proofs (cashu-ts verifyDLEQProof / hasValidDleq, as used when it checks DLEQ).
import {
  Amount,
  hasValidDleq,
  hash_e,
  pointFromHex,
  verifyDLEQProof,
  type Proof,
} from '@cashu/cashu-ts';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { signBlinded } from '../../dev/mint/signing';
import type { KeysetRecord } from '../../dev/mint/types';
import vectors from './vectors/nut12-dleq.json';

const dleqOf = (d: { e: string; s: string }) => ({ e: hexToBytes(d.e), s: hexToBytes(d.s) });

function flipLastNibble(hex: string): string {
  const last = hex.at(-1) === '0' ? '1' : '0';
  return hex.slice(0, -1) + last;
}

describe('NUT-12 hash_e', () => {
  it('hashes R1, R2, K, C_ to the vector digest', () => {
    const { R1, R2, K, C_, hash } = vectors.hashE;
    expect(bytesToHex(hash_e([R1, R2, K, C_].map((p) => pointFromHex(p))))).toBe(hash);
  });
});

describe('NUT-12 DLEQ on a BlindSignature', () => {
  const { A, B_, signature } = vectors.blindSignature;

  it('verifies the valid vector', () => {
    expect(
      verifyDLEQProof(
        dleqOf(signature.dleq),
        pointFromHex(B_),
        pointFromHex(signature.C_),
        pointFromHex(A),
      ),
    ).toBe(true);
  });

  it('fails when s is altered', () => {
    const dleq = dleqOf({ ...signature.dleq, s: flipLastNibble(signature.dleq.s) });
    expect(
      verifyDLEQProof(dleq, pointFromHex(B_), pointFromHex(signature.C_), pointFromHex(A)),
    ).toBe(false);
  });
});

describe('NUT-12 DLEQ on a Proof (what a wallet checks in a received token)', () => {
  const { A, proof } = vectors.proof;
  const keyset = { id: proof.id, keys: { [proof.amount]: A } };
  const asProof = (p: typeof proof): Proof => ({ ...p, amount: Amount.from(p.amount) });

  it('verifies the valid vector', () => {
    expect(hasValidDleq(asProof(proof), keyset)).toBe(true);
  });

  it.each(['e', 's', 'r'] as const)('fails when %s is altered', (field) => {
    const bad = { ...proof, dleq: { ...proof.dleq, [field]: flipLastNibble(proof.dleq[field]) } };
    expect(hasValidDleq(asProof(bad), keyset)).toBe(false);
  });

  it('fails against another key', () => {
    const other = { id: proof.id, keys: { [proof.amount]: vectors.deterministicNonce.A } };
    expect(hasValidDleq(asProof(proof), other)).toBe(false);
  });
});

describe('NUT-12 DLEQ made by the dev mint', () => {
  const { a, A, B_, C_ } = vectors.deterministicNonce;
  const keyset: KeysetRecord = {
    id: '009a1f293253e41e',
    unit: 'sat',
    active: true,
    input_fee_ppk: 0,
    pubKeys: { '1': A },
    privKeys: { '1': a },
    createdAt: 0,
  };

  it('signs the vector B_ with key a into the vector C_, with a DLEQ the wallet accepts', () => {
    const signature = signBlinded(keyset, hexToBytes(a), 1, B_);
    expect(signature.C_).toBe(C_);
    expect(
      verifyDLEQProof(dleqOf(signature.dleq), pointFromHex(B_), pointFromHex(C_), pointFromHex(A)),
    ).toBe(true);
  });

  it('the vector e and s of the deterministic nonce verify for the same B_, C_ and A', () => {
    const { e, s } = vectors.deterministicNonce;
    expect(
      verifyDLEQProof(dleqOf({ e, s }), pointFromHex(B_), pointFromHex(C_), pointFromHex(A)),
    ).toBe(true);
  });
});
