// DLEQs checked a token at a time: the NUT-12 proof vector and its alterations against the
// straightforward check, proofs the dev mint signs, and a batch with one forged or malformed
// proof, where exactly that proof is named and the others pass
// (src/conformance/vectors/nut12-dleq.json).
import { describe, expect, it } from 'vitest';
import { hasValidDleq, pointFromHex, verifyDLEQProof_reblind } from '@cashu/cashu-ts';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { newWallet, startTestMint, type TestMint } from '../../../../dev/mint/test-support';
import { devMints } from '../../../testing/wallet/dev-mints';
import { lockedProofs } from '../../../testing/wallet/locked-ecash';
import vectors from '../../../conformance/vectors/nut12-dleq.json';
import { failingDleqs, type DleqItem } from './proof-dleq';

const { A, proof } = vectors.proof;

function flip(hex: string): string {
  return hex.slice(0, -1) + (hex.at(-1) === '0' ? '1' : '0');
}

describe('failingDleqs', () => {
  it('passes the NUT-12 proof vector and names it with e, s or r altered', () => {
    expect(failingDleqs([{ proof, mintKey: A }])).toEqual([]);
    const altered = (['e', 's', 'r'] as const).map((field) => ({
      proof: { ...proof, dleq: { ...proof.dleq, [field]: flip(proof.dleq[field]) } },
      mintKey: A,
    }));
    expect(failingDleqs([{ proof, mintKey: A }, ...altered])).toEqual([1, 2, 3]);
  });

  it('gives the straightforward check’s answer on every alteration of the NUT-12 vector', () => {
    /** cashu-ts' constant-time check of one proof, one point at a time. */
    function straightforward({ proof: p, mintKey }: DleqItem): boolean {
      try {
        const { e, s, r } = p.dleq!;
        const dleq = { e: hexToBytes(e), s: hexToBytes(s), r: BigInt(`0x${r}`) };
        return verifyDLEQProof_reblind(
          utf8ToBytes(p.secret),
          dleq,
          pointFromHex(p.C),
          pointFromHex(mintKey),
        );
      } catch {
        return false;
      }
    }
    const good: DleqItem = { proof, mintKey: A };
    const items: DleqItem[] = [
      good,
      ...(['e', 's', 'r'] as const).map((field) => ({
        proof: { ...proof, dleq: { ...proof.dleq, [field]: flip(proof.dleq[field]) } },
        mintKey: A,
      })),
      { proof: { ...proof, secret: flip(proof.secret) }, mintKey: A },
      { proof: { ...proof, C: vectors.deterministicNonce.C_ }, mintKey: A },
      { proof, mintKey: vectors.deterministicNonce.A },
      good,
      good,
    ];
    // twice: the key's first uses walk, the later ones use its table
    for (let round = 0; round < 2; round++) {
      const failing = failingDleqs(items);
      const expected = items.flatMap((item, i) => (straightforward(item) ? [] : [i]));
      expect(failing).toEqual(expected);
      expect(failing).toEqual([1, 2, 3, 4, 5, 6]);
    }
  });

  it('answers nothing for no proofs', () => {
    expect(failingDleqs([])).toEqual([]);
  });

  describe('on a token the dev mint signs', () => {
    let mint: TestMint;
    devMints(async () => [(mint = await startTestMint())]);

    async function token(sats: number, amounts?: number[]): Promise<DleqItem[]> {
      const wallet = await newWallet(mint.url);
      const pubkey = bytesToHex(secp256k1.getPublicKey(secp256k1.utils.randomSecretKey(), true));
      const proofs = await lockedProofs(wallet, mint, sats, { pubkey }, amounts);
      return proofs.map((p) => {
        const keyset = wallet.getKeyset(p.id);
        // the key of every proof agrees with cashu-ts' own check
        expect(hasValidDleq(p, keyset)).toBe(true);
        return {
          proof: { secret: p.secret, C: p.C, dleq: p.dleq! },
          mintKey: keyset.keys[p.amount.toNumber()]!,
        };
      });
    }

    it('passes twenty proofs of one amount key, and of many', async () => {
      expect(failingDleqs(await token(20, Array(20).fill(1)))).toEqual([]);
      expect(failingDleqs(await token(1023))).toEqual([]);
    });

    it('names the one forged DLEQ among twenty, wherever it is', async () => {
      const items = await token(20, Array(20).fill(1));
      for (const at of [0, 7, 19]) {
        const forged = items.map((item, i) =>
          i === at
            ? {
                ...item,
                proof: {
                  ...item.proof,
                  dleq: { ...item.proof.dleq!, s: flip(item.proof.dleq!.s) },
                },
              }
            : item,
        );
        expect(failingDleqs(forged)).toEqual([at]);
      }
    });

    it('names a proof checked against another key, with another C, without r, or malformed', async () => {
      const items = await token(20, Array(20).fill(1));
      const [first, second] = items as [DleqItem, DleqItem];
      const { r: _r, ...noR } = first.proof.dleq!;
      const broken: DleqItem[] = [
        { ...first, mintKey: A },
        { ...first, proof: { ...first.proof, C: second.proof.C } },
        { ...first, proof: { ...first.proof, dleq: noR } },
        { ...first, proof: { ...first.proof, C: 'not a point' } },
        { ...first, mintKey: 'not a key' },
        { ...first, proof: { ...first.proof, dleq: { ...first.proof.dleq!, e: '0'.repeat(64) } } },
      ];
      expect(failingDleqs([...items, ...broken])).toEqual(broken.map((_, i) => items.length + i));
    });
  });
});
