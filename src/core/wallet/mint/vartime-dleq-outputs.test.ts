// A mint reply's signatures checked and unblinded in variable time give the very proofs cashu-ts'
// OutputData gives with its constant-time code, and are refused where it refuses them (decisions
// 0104 and 0110).
import { describe, expect, it, vi } from 'vitest';
import { OutputData, type SerializedBlindedSignature } from '@cashu/cashu-ts';
import vectors from '../../../conformance/vectors/nut12-dleq.json';
import { flip, signedOutputs, testKeyset } from '../../../testing/wallet/signed-outputs';
import { keyPoint } from '../ecash/dleq-math';
import { DLEQ_FAILED_MESSAGE, withVartimeDleq } from './vartime-dleq-outputs';

const keyset = testKeyset as never;

/** What toProof answers: the proof, or the refusal's message. */
function outcome(run: () => unknown): unknown {
  try {
    return run();
  } catch (error) {
    return error instanceof Error ? error.message : 'not an Error';
  }
}

describe('withVartimeDleq', () => {
  it('makes the proofs cashu-ts makes, DLEQ and blinding factor kept', () => {
    const signed = signedOutputs([1, 2, 4, 8, 2, 1]);
    const ours = withVartimeDleq(signed.map(({ data }) => data));
    signed.forEach(({ data, signature }, i) => {
      const proof = ours[i]!.toProof(signature, keyset);
      expect(proof).toEqual(data.toProof(signature, keyset));
      expect(proof.dleq?.r).toMatch(/^[0-9a-f]{64}$/);
    });
  });

  it("unblinds to cashu-ts' constant-time C for every amount over many counters", () => {
    for (let counter = 0; counter < 40; counter += 3) {
      const signed = signedOutputs([1, 2, 4, 8], counter);
      const ours = withVartimeDleq(signed.map(({ data }) => data));
      signed.forEach(({ data, signature }, i) => {
        expect(ours[i]!.toProof(signature, keyset)).toEqual(data.toProof(signature, keyset));
      });
    }
  });

  it("leaves nothing of a DLEQ-carrying signature to cashu-ts' constant-time toProof", () => {
    const signed = signedOutputs([1, 8]);
    const ours = withVartimeDleq(signed.map(({ data }) => data));
    const constantTime = vi.spyOn(OutputData.prototype, 'toProof');
    try {
      signed.forEach(({ signature }, i) => ours[i]!.toProof(signature, keyset));
      expect(constantTime).not.toHaveBeenCalled();
    } finally {
      constantTime.mockRestore();
    }
  });

  it("keeps a P2BK output's ephemeral key on its proof, as cashu-ts does", () => {
    const [one] = signedOutputs([2]);
    const { data, signature } = one!;
    const ephemeral = new OutputData(data.blindedMessage, data.blindingFactor, data.secret, 'ab');
    const [ours] = withVartimeDleq([ephemeral]);
    expect(ours!.toProof(signature, keyset)).toEqual(ephemeral.toProof(signature, keyset));
    expect(ours!.toProof(signature, keyset).p2pk_e).toBe('ab');
  });

  it('leaves a blinding factor cashu-ts refuses to cashu-ts, which throws', () => {
    const [one] = signedOutputs([2]);
    const { data, signature } = one!;
    const zero = new OutputData(data.blindedMessage, 0n, data.secret);
    const [ours] = withVartimeDleq([zero]);
    expect(() => zero.toProof(signature, keyset)).toThrow();
    expect(() => ours!.toProof(signature, keyset)).toThrow();
  });

  it('keeps the outputs themselves: the same blinded messages, secrets and blinding factors', () => {
    const signed = signedOutputs([2, 8]);
    const ours = withVartimeDleq(signed.map(({ data }) => data));
    expect(
      ours.map((o) => [o.blindedMessage, o.blindingFactor, [...o.secret], o.ephemeralE]),
    ).toEqual(
      signed.map(({ data }) => [
        data.blindedMessage,
        data.blindingFactor,
        [...data.secret],
        data.ephemeralE,
      ]),
    );
  });

  it('refuses each forgery cashu-ts refuses, with its words', () => {
    const signed = signedOutputs([1, 1, 2]);
    const [a, b, c] = signed;
    const other = signedOutputs([4])[0]!;
    const forgeries: Array<[typeof a, SerializedBlindedSignature]> = [
      [a, { ...a!.signature, dleq: { ...a!.signature.dleq!, e: flip(a!.signature.dleq!.e) } }],
      [b, { ...b!.signature, dleq: { ...b!.signature.dleq!, s: flip(b!.signature.dleq!.s) } }],
      // a C_ that is not the signature the DLEQ proves
      [a, { ...a!.signature, C_: b!.signature.C_ }],
      // a signature made with another amount's key, claimed for this one
      [c, { ...c!.signature, C_: other.signature.C_, dleq: other.signature.dleq! }],
      // the whole signature of another output
      [a, b!.signature],
    ];
    for (const [one, forged] of forgeries) {
      const [ours] = withVartimeDleq([one!.data]);
      expect(outcome(() => one!.data.toProof(forged, keyset))).toBe(DLEQ_FAILED_MESSAGE);
      expect(outcome(() => ours!.toProof(forged, keyset))).toBe(DLEQ_FAILED_MESSAGE);
    }
  });

  it('refuses a malformed e, s or C_ instead of storing a proof', () => {
    const [one] = signedOutputs([8]);
    const [ours] = withVartimeDleq([one!.data]);
    const { signature } = one!;
    for (const forged of [
      { ...signature, dleq: { ...signature.dleq!, e: 'zz' } },
      { ...signature, dleq: { ...signature.dleq!, s: signature.dleq!.s.slice(2) } },
      { ...signature, C_: '02' + '00'.repeat(32) },
    ]) {
      expect(() => ours!.toProof(forged, keyset)).toThrow();
    }
  });

  it('leaves a signature without a DLEQ to cashu-ts, whose reply check requires one (NUT-12)', () => {
    const [one] = signedOutputs([4]);
    const { dleq: _none, ...bare } = one!.signature;
    const [ours] = withVartimeDleq([one!.data]);
    expect(ours!.toProof(bare, keyset)).toEqual(one!.data.toProof(bare, keyset));
    expect(ours!.toProof(bare, keyset).dleq).toBeUndefined();
  });

  it("builds no key's table in a payment's turn, however often the key signs", () => {
    const signed = signedOutputs([2, 2, 2, 2, 2]);
    const ours = withVartimeDleq(signed.map(({ data }) => data));
    signed.forEach(({ signature }, i) => ours[i]!.toProof(signature, keyset));
    const key = testKeyset.keys['2']!;
    expect(keyPoint(key, false)?.table).toBeUndefined();
    // where a use is counted (a restore, a token), the third builds it
    keyPoint(key);
    keyPoint(key);
    expect(keyPoint(key)?.table).toBeDefined();
  });

  it('passes the NUT-12 blind-signature vector and refuses it with e altered', () => {
    const { A, B_, signature } = vectors.blindSignature;
    const vectorKeyset = { id: '00deadbeef123456', keys: { 1: A } } as never;
    const [ours] = withVartimeDleq(signedOutputs([1]).map(({ data }) => data));
    ours!.blindedMessage = { ...ours!.blindedMessage, B_ };
    const reply = {
      id: '00deadbeef123456',
      amount: ours!.blindedMessage.amount,
      C_: signature.C_,
      dleq: signature.dleq,
    } as unknown as SerializedBlindedSignature;
    expect(ours!.toProof(reply, vectorKeyset).dleq?.e).toBe(signature.dleq.e);
    const theirs = signedOutputs([1])[0]!.data;
    theirs.blindedMessage = { ...theirs.blindedMessage, B_ };
    expect(ours!.toProof(reply, vectorKeyset)).toEqual(theirs.toProof(reply, vectorKeyset));
    const forged = { ...reply, dleq: { ...signature.dleq, e: flip(signature.dleq.e) } };
    expect(outcome(() => ours!.toProof(forged, vectorKeyset))).toBe(DLEQ_FAILED_MESSAGE);
  });
});
