// Blind signatures checked and unblinded in a batch give exactly what cashu-ts' OutputData.toProof
// gives, and refuse what it refuses: the NUT-12 blind-signature vector, signatures of a keyset
// made here, and each kind of forgery (src/conformance/vectors/nut12-dleq.json).
import { describe, expect, it } from 'vitest';
import vectors from '../../../conformance/vectors/nut12-dleq.json';
import { flip, signedOutputs, testKeyset as keyset } from '../../../testing/wallet/signed-outputs';
import { unblindChecked, type SignedOutput } from './blind-signature-check';

function itemOf(
  { data, signature }: ReturnType<typeof signedOutputs>[number],
  change: Partial<SignedOutput> = {},
): SignedOutput {
  return {
    B_: data.blindedMessage.B_,
    C_: signature.C_,
    dleq: { e: signature.dleq!.e, s: signature.dleq!.s },
    r: data.blindingFactor,
    mintKey: keyset.keys[signature.amount.toString()]!,
    ...change,
  };
}

describe('unblindChecked', () => {
  it('passes the NUT-12 blind-signature vector and refuses it with e or s altered', () => {
    const { A, B_, signature } = vectors.blindSignature;
    const item = { B_, C_: signature.C_, dleq: signature.dleq, r: 1n, mintKey: A };
    const [valid, badE, badS] = unblindChecked(
      [
        item,
        { ...item, dleq: { ...item.dleq, e: flip(item.dleq.e) } },
        { ...item, dleq: { ...item.dleq, s: flip(item.dleq.s) } },
      ],
      true,
    );
    expect(valid).toMatch(/^0[23][0-9a-f]{64}$/);
    expect([badE, badS]).toEqual([null, null]);
  });

  it('unblinds every signature of a batch to the C cashu-ts computes', () => {
    const signed = signedOutputs([1, 2, 4, 8, 1, 1, 2]);
    const ours = unblindChecked(
      signed.map((one) => itemOf(one)),
      true,
    );
    expect(ours).toEqual(
      signed.map(({ data, signature }) => data.toProof(signature, keyset as never).C),
    );
  });

  it('refuses exactly the forged ones and keeps the rest', () => {
    const signed = signedOutputs([1, 1, 1, 1, 1, 1]);
    const [a, b, c, d, e, f] = signed.map((one) => itemOf(one));
    const other = itemOf(signedOutputs([2])[0]!);
    const result = unblindChecked(
      [
        a!,
        { ...b!, dleq: { ...b!.dleq!, e: flip(b!.dleq!.e) } },
        // a signature made with another amount's key, claimed for this one
        { ...c!, C_: other.C_, dleq: other.dleq! },
        { ...d!, mintKey: '' },
        { ...e!, C_: 'zz' },
        f!,
      ],
      true,
    );
    expect(result.map((C) => C !== null)).toEqual([true, false, false, false, false, true]);
    expect(result[0]).toBe(signed[0]!.data.toProof(signed[0]!.signature, keyset as never).C);
  });

  it('takes a signature without a DLEQ only where the mint does not offer one', () => {
    const [one] = signedOutputs([4]);
    const { dleq: _dleq, ...bare } = itemOf(one!);
    expect(unblindChecked([bare], true)).toEqual([null]);
    expect(unblindChecked([bare], false)).toEqual([
      one!.data.toProof(one!.signature, keyset as never).C,
    ]);
  });

  it('answers nothing for no signatures', () => {
    expect(unblindChecked([], true)).toEqual([]);
  });
});
