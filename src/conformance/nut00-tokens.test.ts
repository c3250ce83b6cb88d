// NUT-00 vectors: hash_to_curve, blinding and blind signing as the wallet and the dev mint do
// them, and token serialisation (cashuA v3, cashuB v4, the cashu: prefix) through the function
// that encodes our withdraw tokens.
import {
  Amount,
  blindMessage,
  getDecodedToken,
  getDecodedTokenBinary,
  hashToCurve,
  type Token,
} from '@cashu/cashu-ts';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { signBlinded } from '../../dev/mint/signing';
import type { KeysetRecord } from '../../dev/mint/types';
import { encodeWithdrawToken } from '../core/wallet/withdraw/withdraw-token';
import vectors from './vectors/nut00-tokens.json';

type VectorProof = { id: string; amount: number; secret: string; C: string };

/** The token with plain numbers, so it compares with the vector's JSON. */
function plain(token: Token) {
  return {
    mint: token.mint,
    unit: token.unit,
    ...(token.memo !== undefined ? { memo: token.memo } : {}),
    proofs: token.proofs.map((p) => ({
      id: p.id,
      amount: Amount.from(p.amount).toNumber(),
      secret: p.secret,
      C: p.C,
    })),
  };
}

function keysetWith(id: string): KeysetRecord {
  return {
    id,
    unit: 'sat',
    active: true,
    input_fee_ppk: 0,
    pubKeys: {},
    privKeys: {},
    createdAt: 0,
  };
}

describe('NUT-00 blind signature primitives', () => {
  it.each(vectors.hashToCurve)('hash_to_curve($message) is $point', ({ message, point }) => {
    expect(hashToCurve(hexToBytes(message)).toHex(true)).toBe(point);
  });

  it.each(vectors.blindedMessages)('blinds x=$x with r into B_=$B_', ({ x, r, B_ }) => {
    const blinded = blindMessage(hexToBytes(x), BigInt(`0x${r}`));
    expect(blinded.B_.toHex(true)).toBe(B_);
  });

  it.each(vectors.blindSignatures)(
    'the dev mint signs B_ with key $k into C_=$C_',
    ({ k, B_, C_ }) => {
      const signature = signBlinded(keysetWith('009a1f293253e41e'), hexToBytes(k), 1, B_);
      expect(signature.C_).toBe(C_);
    },
  );
});

describe('NUT-00 token v3 (cashuA)', () => {
  it('decodes the serialised vector to the vector token', () => {
    const { token, serialized } = vectors.v3.serialization;
    const decoded = plain(getDecodedToken(serialized, []));
    expect(decoded).toEqual({
      mint: token.token[0]!.mint,
      unit: token.unit,
      memo: token.memo,
      proofs: token.token[0]!.proofs,
    });
  });

  it.each(vectors.v3.valid.map((t, i) => [i, t] as const))(
    'decodes valid token %i (with or without base64 padding)',
    (_i, serialized) => {
      const decoded = getDecodedToken(serialized, []);
      expect(decoded.mint).toBe('https://8333.space:3338');
      expect(decoded.proofs.map((p) => Amount.from(p.amount).toNumber())).toEqual([2, 8]);
    },
  );

  it.each(vectors.v3.invalid)('refuses an incorrectly formatted token: $note', ({ token }) => {
    expect(() => getDecodedToken(token, [])).toThrow();
  });
});

describe('NUT-00 token v4 (cashuB)', () => {
  const cases = [
    ['single keyset with memo', vectors.v4.singleKeyset],
    ['two keysets', vectors.v4.multiKeyset],
  ] as const;

  it.each(cases)('decodes the %s vector to the vector token', (_name, { token, serialized }) => {
    expect(plain(getDecodedToken(serialized, []))).toEqual(token);
  });

  it.each(cases)(
    'our withdraw token of the %s proofs decodes to the same proofs, mint and unit',
    (_name, { token }) => {
      const encoded = encodeWithdrawToken(token.mint, token.proofs as VectorProof[]);
      expect(encoded.startsWith('cashuB')).toBe(true);
      const { memo: _memo, ...withoutMemo } = token as typeof token & { memo?: string };
      expect(plain(getDecodedToken(encoded, []))).toEqual(withoutMemo);
    },
  );

  it('our withdraw token carries no DLEQ even when the stored proofs have one', () => {
    const proof = {
      ...vectors.v4.multiKeyset.token.proofs[0]!,
      dleq: { e: 'aa', s: 'bb', r: 'cc' },
    };
    const decoded = getDecodedToken(encodeWithdrawToken('http://localhost:3338', [proof]), []);
    expect(decoded.proofs[0]!.dleq).toBeUndefined();
  });

  it('decodes the raw binary form (craw prefix) to the single keyset token', () => {
    const raw = hexToBytes(vectors.v4.rawBinaryOfSingleKeysetHex);
    expect(new TextDecoder().decode(raw.slice(0, 5))).toBe('crawB');
    expect(plain(getDecodedTokenBinary(raw))).toEqual(vectors.v4.singleKeyset.token);
  });

  it('refuses a cashuB token whose CBOR is cut short', () => {
    const cut = vectors.v4.multiKeyset.serialized.slice(0, -20);
    expect(() => getDecodedToken(cut, [])).toThrow();
  });
});

describe('cashu: URI prefix', () => {
  it.each(['cashu:', 'cashu://', 'web+cashu://'])(
    'a token behind %s decodes like the bare token',
    (prefix) => {
      const { serialized, token } = vectors.v4.multiKeyset;
      expect(plain(getDecodedToken(`${prefix}${serialized}`, []))).toEqual(token);
    },
  );

  it('our withdraw token is the bare token, without a cashu: prefix', () => {
    const { token } = vectors.v4.multiKeyset;
    const encoded = encodeWithdrawToken(token.mint, token.proofs as VectorProof[]);
    expect(encoded).toMatch(/^cashuB[A-Za-z0-9_-]+$/);
  });

  it('the prefix alone is not a token', () => {
    expect(() => getDecodedToken('cashu:', [])).toThrow();
  });
});

describe('vector file', () => {
  it('names its source', () => {
    expect(vectors.source.repository).toBe('https://github.com/cashubtc/nuts');
    expect(vectors.source.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(bytesToHex(hexToBytes(vectors.v4.rawBinaryOfSingleKeysetHex))).toBe(
      vectors.v4.rawBinaryOfSingleKeysetHex,
    );
  });
});
