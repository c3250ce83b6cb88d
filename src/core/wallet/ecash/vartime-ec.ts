// secp256k1 point arithmetic in variable time on public values: Jacobian coordinates for a = 0,
// mixed additions against affine tables that share one inversion, fixed-base window tables and a
// GLV–Strauss walk. What a token's DLEQ checks spend their time on: a doubling or an addition
// costs about a quarter of @noble/curves' complete projective formulas in Chromium
// (docs/performance.md "Offline check"); the tests compare every answer with noble's.
import { invert } from '@noble/curves/abstract/modular.js';
import { _splitEndoScalar } from '@noble/curves/abstract/weierstrass.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';

const { Point } = secp256k1;
const P = Point.Fp.ORDER;
const N = Point.Fn.ORDER;
/** secp256k1's endomorphism ψ(x, y) = (βx, y) = λ·(x, y), and the basis that splits a scalar. */
const BETA = 0x7ae96a2b657c07106e64479eac3434e99cf0497512f58995c1396c28719501een;
const BASIS: [[bigint, bigint], [bigint, bigint]] = [
  [0x3086d221a7d46bcde86c90e49284eb15n, -0xe4437ed6010e88286f547fa90abfe4c3n],
  [0x114ca50f7a8e2f3f657c1108d9d44cfd8n, 0x3086d221a7d46bcde86c90e49284eb15n],
];

/** A point other than the identity, x and y in [0, p). */
export interface Affine {
  x: bigint;
  y: bigint;
}

/** (x/z², y/z³); z = 0 is the identity. */
export interface Jac {
  x: bigint;
  y: bigint;
  z: bigint;
}

export const IDENTITY: Jac = { x: 1n, y: 1n, z: 0n };

/**
 * a mod p for a >= 0: callers add multiples of p where a difference could be negative. (Folding
 * the high half in by 2^256 ≡ 2^32 + 977 was faster in Node 20 but 4x slower in Chromium.)
 */
function red(a: bigint): bigint {
  return a % P;
}

export function jac(a: Affine): Jac {
  return { x: a.x, y: a.y, z: 1n };
}

/** 2·p (dbl-2009-l, a = 0). secp256k1 has no point of order 2, so y is never 0. */
export function dbl(p: Jac): Jac {
  if (p.z === 0n) return p;
  const { x, y, z } = p;
  const a = red(x * x);
  const b = red(y * y);
  const c = red(b * b);
  const t = x + b;
  // (x + b)² >= x² + b² >= a + c: never negative
  const d = red(2n * (t * t - a - c));
  const e = 3n * a;
  const x3 = red(e * e + 2n * (P - d));
  return { x: x3, y: red(e * (d + P - x3) + 8n * (P - c)), z: red(2n * y * z) };
}

/** p + q, or p − q when `negate` (madd-2007-bl); equal and opposite points included. */
export function addAffine(p: Jac, q: Affine, negate = false): Jac {
  const qy = negate ? P - q.y : q.y;
  if (p.z === 0n) return { x: q.x, y: qy, z: 1n };
  const zz = red(p.z * p.z);
  const h = red(q.x * zz + P - p.x);
  const r = red(2n * (red(qy * p.z) * zz + P - p.y));
  if (h === 0n) return r === 0n ? dbl({ x: q.x, y: qy, z: 1n }) : IDENTITY;
  const i = red(4n * h * h);
  const j = red(h * i);
  const v = red(p.x * i);
  const x3 = red(r * r + 3n * P - j - 2n * v);
  return { x: x3, y: red(r * (v + P - x3) + 2n * p.y * (P - j)), z: red(2n * p.z * h) };
}

/** x squared n times. */
function squarings(x: bigint, n: number): bigint {
  for (let i = 0; i < n; i++) x = red(x * x);
  return x;
}

/** √a = a^((p+1)/4) by noble's addition chain (p ≡ 3 mod 4), or null when a is no square. */
function sqrt(a: bigint): bigint | null {
  const b2 = red(red(a * a) * a);
  const b3 = red(red(b2 * b2) * a);
  const b6 = red(squarings(b3, 3) * b3);
  const b9 = red(squarings(b6, 3) * b3);
  const b11 = red(squarings(b9, 2) * b2);
  const b22 = red(squarings(b11, 11) * b11);
  const b44 = red(squarings(b22, 22) * b22);
  const b88 = red(squarings(b44, 44) * b44);
  const b176 = red(squarings(b88, 88) * b88);
  const b220 = red(squarings(b176, 44) * b44);
  const b223 = red(squarings(b220, 3) * b3);
  const t1 = red(squarings(b223, 23) * b22);
  const t2 = red(squarings(t1, 6) * b2);
  const root = squarings(t2, 2);
  return red(root * root) === a ? root : null;
}

/** The point with this x and y of this parity, or null where x is on no point. */
function lift(x: bigint, odd: boolean): Affine | null {
  if (x >= P) return null;
  const y = sqrt(red(red(x * x) * x + 7n));
  if (y === null) return null;
  return { x, y: ((y & 1n) === 1n) === odd ? y : P - y };
}

const COMPRESSED = /^0[23][0-9a-fA-F]{64}$/;

/** A SEC1 point (hex) as noble's Point.fromHex reads it, compressed ones here; throws on none. */
export function decompress(hex: string): Affine {
  if (!COMPRESSED.test(hex)) return affineOf(Point.fromHex(hex));
  const point = lift(BigInt(`0x${hex.slice(2)}`), hex[1] === '3');
  if (!point) throw new RangeError('not a point');
  return point;
}

const HASH_TO_CURVE_DST = utf8ToBytes('Secp256k1_HashToCurve_Cashu_');

/**
 * Y = hash_to_curve(message) (NUT-00; a proof's is its secret's UTF-8): sha256 of the message
 * under the domain separator, then the first counter (little-endian u32) whose sha256 with it is
 * the x of a point with even y.
 */
export function hashToCurve(message: Uint8Array): Affine {
  const digest = sha256(concatBytes(HASH_TO_CURVE_DST, message));
  const counter = new Uint8Array(4);
  const view = new DataView(counter.buffer);
  for (let i = 0; i < 2 ** 16; i++) {
    view.setUint32(0, i, true);
    const point = lift(BigInt(`0x${bytesToHex(sha256(concatBytes(digest, counter)))}`), false);
    if (point) return point;
  }
  throw new RangeError('no point found');
}

/** All points in affine form with one field inversion (Montgomery's trick); null for the identity. */
export function toAffine(points: readonly Jac[]): (Affine | null)[] {
  const before: bigint[] = [];
  let product = 1n;
  for (const p of points) {
    before.push(product);
    if (p.z !== 0n) product = red(product * p.z);
  }
  let inverse = product === 1n ? 1n : invert(product, P);
  const out: (Affine | null)[] = new Array(points.length);
  for (let i = points.length - 1; i >= 0; i--) {
    const p = points[i]!;
    if (p.z === 0n) {
      out[i] = null;
      continue;
    }
    const zi = red(inverse * before[i]!);
    inverse = red(inverse * p.z);
    const zi2 = red(zi * zi);
    out[i] = { x: red(p.x * zi2), y: red(red(p.y * zi2) * zi) };
  }
  return out;
}

function allAffine(points: readonly Jac[]): Affine[] {
  return toAffine(points).map((a) => {
    if (!a) throw new RangeError('identity where a point was expected');
    return a;
  });
}

/**
 * Multiples of one point for scalars known only later, windows of `width` bits with signed
 * digits: windows[i][j − 1] = j·2^(width·i)·base for j in 1..2^(width − 1). No doubling is left
 * for the multiplication itself, one mixed addition per window.
 */
export class FixedBase {
  private readonly windows: Affine[][];

  constructor(
    base: Affine,
    private readonly width: number,
  ) {
    const count = Math.floor(256 / width) + 1;
    const half = 1 << (width - 1);
    const starts: Jac[] = [];
    let b = jac(base);
    for (let i = 0; i < count; i++) {
      starts.push(b);
      for (let k = 0; k < width; k++) b = dbl(b);
    }
    const all: Jac[] = [];
    for (const start of allAffine(starts)) {
      let acc = jac(start);
      all.push(acc);
      for (let j = 2; j <= half; j++) all.push((acc = addAffine(acc, start)));
    }
    const flat = allAffine(all);
    this.windows = starts.map((_, i) => flat.slice(i * half, (i + 1) * half));
  }

  /** acc + k·base, k in [0, n). */
  addMultiple(acc: Jac, k: bigint): Jac {
    const w = BigInt(this.width);
    const mask = (1n << w) - 1n;
    const full = 1 << this.width;
    const half = full >> 1;
    let carry = 0;
    for (const window of this.windows) {
      let d = Number(k & mask) + carry;
      k >>= w;
      carry = d > half ? 1 : 0;
      if (carry) d -= full;
      if (d !== 0) acc = addAffine(acc, window[Math.abs(d) - 1]!, d < 0);
    }
    if (k !== 0n || carry !== 0) throw new RangeError('scalar out of range');
    return acc;
  }
}

/** Width of the odd-multiple tables of points multiplied once or twice (P, 3P, …, 15P). */
const WNAF_WIDTH = 5;

/** Signed digits of k, least significant first, odd and below 2^(width − 1) in size, or 0. */
function wnaf(k: bigint, width: number): Int8Array {
  const bits = k.toString(2);
  const len = bits.length;
  const out = new Int8Array(len + 1);
  const bitAt = (i: number) => (i < len ? bits.charCodeAt(len - 1 - i) - 48 : 0);
  let carry = 0;
  let at = 0;
  while (at < len) {
    if (bitAt(at) === carry) {
      at++;
      continue;
    }
    const now = Math.min(width, len - at);
    let word = parseInt(bits.slice(len - at - now, len - at), 2) + carry;
    carry = (word >> (width - 1)) & 1;
    word -= carry << width;
    out[at] = word;
    at += now;
  }
  if (carry) out[at] = carry;
  return out;
}

/** P, 3P, 5P, … (2^(width − 2) of them) for each point, all affine at once. */
export function oddMultiples(points: readonly Affine[]): Affine[][] {
  const size = 1 << (WNAF_WIDTH - 2);
  const doubles = allAffine(points.map((p) => dbl(jac(p))));
  const all: Jac[] = [];
  points.forEach((p, i) => {
    let acc = jac(p);
    all.push(acc);
    for (let j = 1; j < size; j++) all.push((acc = addAffine(acc, doubles[i]!)));
  });
  const flat = allAffine(all);
  return points.map((_, i) => flat.slice(i * size, (i + 1) * size));
}

/** One term k·P of a walk: P's odd multiples and k in [0, n). */
export interface Term {
  odd: readonly Affine[];
  k: bigint;
}

/**
 * Σ k·P over the terms in one doubling chain (Strauss), each k split as k1 + k2·λ into halves of
 * 128 bits (GLV) against P and ψ(P), whose table is P's with x times β.
 */
export function strauss(terms: readonly Term[]): Jac {
  const walks: { table: readonly Affine[]; digits: Int8Array; negate: boolean }[] = [];
  for (const { odd, k } of terms) {
    const { k1neg, k1, k2neg, k2 } = _splitEndoScalar(k, BASIS, N);
    walks.push({ table: odd, digits: wnaf(k1, WNAF_WIDTH), negate: k1neg });
    const psi = odd.map((a) => ({ x: red(a.x * BETA), y: a.y }));
    walks.push({ table: psi, digits: wnaf(k2, WNAF_WIDTH), negate: k2neg });
  }
  const length = Math.max(0, ...walks.map((w) => w.digits.length));
  let acc = IDENTITY;
  for (let i = length - 1; i >= 0; i--) {
    acc = dbl(acc);
    for (const { table, digits, negate } of walks) {
      const d = digits[i] ?? 0;
      if (d !== 0) acc = addAffine(acc, table[(Math.abs(d) - 1) >> 1]!, negate !== d < 0);
    }
  }
  return acc;
}

/** Uncompressed SEC1 hex (04‖x‖y), as NUT-12's hash_e writes a point. */
export function uncompressedHex(a: Affine): string {
  return `04${a.x.toString(16).padStart(64, '0')}${a.y.toString(16).padStart(64, '0')}`;
}

/** Compressed SEC1 hex (02 or 03 by y's parity, then x). */
export function compressedHex(a: Affine): string {
  return `${a.y & 1n ? '03' : '02'}${a.x.toString(16).padStart(64, '0')}`;
}

/** A noble point as affine coordinates (throws on the identity). */
export function affineOf(point: InstanceType<typeof Point>): Affine {
  const { x, y } = point.toAffine();
  return { x, y };
}

let generator: FixedBase | undefined;

/** G's window-8 table, built at first use (the curve's generator: the same for every mint). */
export function generatorTable(): FixedBase {
  return (generator ??= new FixedBase(affineOf(Point.BASE), 8));
}
