// The variable-time DLEQ check gives cashu-ts' answer: on the NUT-12 proof vector, on every part
// of it altered, on another key, and on proofs the dev mint signs (src/conformance/vectors/nut12-dleq.json).
import { describe, expect, it } from 'vitest';
import { Amount, hasValidDleq } from '@cashu/cashu-ts';
import { fund, newWallet, startTestMint, type TestMint } from '../../../../dev/mint/test-support';
import { devMints } from '../../../testing/wallet/dev-mints';
import vectors from '../../../conformance/vectors/nut12-dleq.json';
import { proofDleqValid } from './proof-dleq';

const { A, proof } = vectors.proof;

function flipLastNibble(hex: string): string {
  return hex.slice(0, -1) + (hex.at(-1) === '0' ? '1' : '0');
}

describe('proofDleqValid', () => {
  it('accepts the NUT-12 proof vector', () => {
    expect(proofDleqValid(proof, A)).toBe(true);
  });

  it.each(['e', 's', 'r'] as const)('refuses the vector with %s altered', (field) => {
    const bad = { ...proof, dleq: { ...proof.dleq, [field]: flipLastNibble(proof.dleq[field]) } };
    expect(proofDleqValid(bad, A)).toBe(false);
  });

  it('refuses another key, another C, no r, zero or out-of-range scalars, junk', () => {
    expect(proofDleqValid(proof, vectors.deterministicNonce.A)).toBe(false);
    expect(proofDleqValid({ ...proof, C: vectors.blindSignature.signature.C_ }, A)).toBe(false);
    const { r: _r, ...noR } = proof.dleq;
    expect(proofDleqValid({ ...proof, dleq: noR }, A)).toBe(false);
    for (const value of ['0'.repeat(64), 'f'.repeat(64), 'zz', '']) {
      expect(proofDleqValid({ ...proof, dleq: { ...proof.dleq, s: value } }, A)).toBe(false);
      expect(proofDleqValid({ ...proof, dleq: { ...proof.dleq, r: value } }, A)).toBe(false);
    }
    expect(proofDleqValid(proof, 'not a key')).toBe(false);
  });

  describe('on proofs the dev mint signs', () => {
    let mint: TestMint;
    devMints(async () => [(mint = await startTestMint())]);

    it('agrees with cashu-ts, for good and altered DLEQs', async () => {
      const wallet = await newWallet(mint.url);
      const proofs = await fund(wallet, mint, 13);
      for (const p of proofs) {
        const keyset = wallet.getKeyset(p.id);
        const key = keyset.keys[p.amount.toNumber()]!;
        const plain = { secret: p.secret, C: p.C, dleq: p.dleq! };
        const altered = { ...plain, dleq: { ...p.dleq!, s: flipLastNibble(p.dleq!.s) } };
        expect(proofDleqValid(plain, key)).toBe(true);
        expect(hasValidDleq(p, keyset)).toBe(true);
        expect(proofDleqValid(altered, key)).toBe(false);
        expect(
          hasValidDleq({ ...p, dleq: altered.dleq, amount: Amount.from(p.amount) }, keyset),
        ).toBe(false);
      }
    });
  });
});
