// The variable-time arithmetic gives noble's and cashu-ts' answers: additions of equal and
// opposite points, fixed-base and GLV–Strauss multiples at the ends of the scalar range and at
// random, one shared inversion with the identity among the points, decompression, NUT-00's
// hash_to_curve (src/conformance/vectors/nut00-tokens.json) and the encodings hash_e reads.
import { describe, expect, it } from 'vitest';
import { hashToCurve as cashuHashToCurve } from '@cashu/cashu-ts';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import vectors from '../../../conformance/vectors/nut00-tokens.json';
import {
  addAffine,
  affineOf,
  compressedHex,
  dbl,
  decompress,
  FixedBase,
  generatorTable,
  hashToCurve,
  IDENTITY,
  jac,
  oddMultiples,
  strauss,
  toAffine,
  uncompressedHex,
  type Jac,
} from './vartime-ec';

const { Point } = secp256k1;
type NoblePoint = InstanceType<typeof Point>;
const N = Point.Fn.ORDER;

function randomScalar(): bigint {
  return Point.Fn.fromBytes(secp256k1.utils.randomSecretKey());
}

function randomPoint(): NoblePoint {
  return Point.BASE.multiply(randomScalar());
}

/** The noble point a Jacobian one stands for. */
function noble(p: Jac): NoblePoint {
  const [a] = toAffine([p]);
  return a ? Point.fromAffine(a) : Point.ZERO;
}

const SCALARS = (): bigint[] => [
  0n,
  1n,
  2n,
  15n,
  16n,
  17n,
  N - 1n,
  N - 2n,
  2n ** 128n,
  ...Array.from({ length: 8 }, randomScalar),
];

describe('vartime secp256k1', () => {
  it('adds and doubles as noble does, equal and opposite points included', () => {
    const P = randomPoint();
    const Q = randomPoint();
    const p = affineOf(P);
    const q = affineOf(Q);
    expect(noble(addAffine(jac(p), q)).equals(P.add(Q))).toBe(true);
    expect(noble(addAffine(jac(p), q, true)).equals(P.subtract(Q))).toBe(true);
    expect(noble(dbl(jac(p))).equals(P.double())).toBe(true);
    expect(noble(addAffine(jac(p), p)).equals(P.double())).toBe(true);
    expect(addAffine(jac(p), p, true).z).toBe(0n);
    expect(noble(addAffine(IDENTITY, q)).equals(Q)).toBe(true);
    expect(noble(addAffine(IDENTITY, q, true)).equals(Q.negate())).toBe(true);
    // a point reached through other coordinates (z ≠ 1) meets its own double and its negation
    const twice = dbl(jac(p));
    const P2 = P.double();
    expect(noble(addAffine(twice, affineOf(P2))).equals(P2.double())).toBe(true);
    expect(addAffine(twice, affineOf(P2), true).z).toBe(0n);
  });

  it('brings many points to affine with one inversion, the identity as null', () => {
    const points = [randomPoint(), randomPoint()];
    const jacs = [
      dbl(jac(affineOf(points[0]!))),
      IDENTITY,
      addAffine(jac(affineOf(points[1]!)), affineOf(points[0]!)),
    ];
    const [a, none, b] = toAffine(jacs);
    expect(none).toBeNull();
    expect(Point.fromAffine(a!).equals(points[0]!.double())).toBe(true);
    expect(Point.fromAffine(b!).equals(points[1]!.add(points[0]!))).toBe(true);
    expect(toAffine([])).toEqual([]);
  });

  it('multiplies by a fixed base as noble does, for every window width used', () => {
    const P = randomPoint();
    for (const [table, base] of [
      [new FixedBase(affineOf(P), 6), P],
      [generatorTable(), Point.BASE],
    ] as const) {
      for (const k of SCALARS()) {
        const ours = noble(table.addMultiple(IDENTITY, k));
        expect(ours.equals(base.multiplyUnsafe(k)), `k = ${k}`).toBe(true);
      }
      const Q = randomPoint();
      const onto = table.addMultiple(jac(affineOf(Q)), 5n);
      expect(noble(onto).equals(Q.add(base.multiply(5n)))).toBe(true);
    }
    expect(() => generatorTable().addMultiple(IDENTITY, 2n ** 264n)).toThrow(RangeError);
  });

  it('sums two multiples in one walk as noble’s double-scalar multiplication does', () => {
    const P = randomPoint();
    const Q = randomPoint();
    const [oddP, oddQ] = oddMultiples([affineOf(P), affineOf(Q)]);
    for (const a of SCALARS()) {
      const b = randomScalar();
      const ours = noble(
        strauss([
          { odd: oddP!, k: a },
          { odd: oddQ!, k: b },
        ]),
      );
      expect(ours.equals(P.mulAddUnsafe(a, Q, b)), `a = ${a}`).toBe(true);
    }
    // the same point twice, and a multiple that cancels the other
    const [again] = oddMultiples([affineOf(P)]);
    expect(
      strauss([
        { odd: oddP!, k: 3n },
        { odd: again!, k: N - 3n },
      ]).z,
    ).toBe(0n);
    expect(strauss([]).z).toBe(0n);
  });

  it('writes the encodings noble writes', () => {
    for (const P of [randomPoint(), randomPoint(), Point.BASE]) {
      expect(uncompressedHex(affineOf(P))).toBe(P.toHex(false));
      expect(compressedHex(affineOf(P))).toBe(P.toHex(true));
    }
  });

  it('decompresses as noble does, both parities, and refuses what is no point', () => {
    for (const P of [randomPoint(), randomPoint(), randomPoint().negate(), Point.BASE]) {
      expect(decompress(P.toHex(true))).toEqual(affineOf(P));
      expect(decompress(P.toHex(true).toUpperCase())).toEqual(affineOf(P));
      expect(decompress(P.toHex(false))).toEqual(affineOf(P));
    }
    // x = 5: 5³ + 7 = 132 is no square mod p; x >= p; the wrong prefix; not hex
    for (const bad of [
      `02${'0'.repeat(63)}5`,
      `02${'f'.repeat(64)}`,
      `04${'1'.repeat(64)}`,
      'zz',
    ]) {
      expect(() => decompress(bad)).toThrow();
      expect(() => Point.fromHex(bad)).toThrow();
    }
  });

  it('hashes to the curve as NUT-00 and cashu-ts do', () => {
    for (const { message, point } of vectors.hashToCurve) {
      const ours = hashToCurve(hexToBytes(message));
      expect(compressedHex(ours)).toBe(point);
    }
    for (let i = 0; i < 40; i++) {
      const secret = utf8ToBytes(bytesToHex(secp256k1.utils.randomSecretKey()));
      expect(hashToCurve(secret)).toEqual(affineOf(cashuHashToCurve(secret)));
    }
  });
});
