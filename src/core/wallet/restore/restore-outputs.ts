// The outputs a restore batch asks about: counters [start, start + count) of one keyset, derived
// as NUT-13 says and blinded, the same OutputData as cashu-ts' createDeterministicData. For keyset
// ids of version 00 (BIP-32 paths) it skips the two public keys per counter that BIP-32 libraries
// compute for every node and nobody reads here, and blinds the batch in variable time, as the
// batch's signatures are checked (docs/performance.md "Restore").
import { Amount, getKeysetIdInt, OutputData, type Keyset } from '@cashu/cashu-ts';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes } from '@noble/hashes/utils.js';
import { HDKey } from '@scure/bip32';
import { compressedHex, generatorTable, hashToCurve, jac, toAffine } from '../ecash/vartime-ec';

const N = secp256k1.Point.Fn.ORDER;
const HARDENED = 0x80000000;
const text = new TextEncoder();

function index32(index: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, index);
  return bytes;
}

function toBigInt(bytes: Uint8Array): bigint {
  return BigInt(`0x${bytesToHex(bytes)}`);
}

function toBytes32(value: bigint): Uint8Array {
  return Uint8Array.from(value.toString(16).padStart(64, '0').match(/../g)!, (b) =>
    parseInt(b, 16),
  );
}

/** BIP-32 CKDpriv's key and chain code; null where the child is invalid (about 2^-127). */
function childOf(key: bigint, chainCode: Uint8Array, data: Uint8Array) {
  const I = hmac(sha512, chainCode, data);
  const tweak = toBigInt(I.subarray(0, 32));
  const child = (tweak + key) % N;
  return tweak >= N || child === 0n ? null : { key: child, chainCode: I.subarray(32) };
}

/**
 * secret (…/counter'/0) and r (…/counter'/1) below the keyset's node: one public key per counter,
 * the counter' node's, which its non-hardened children hash.
 */
function secretAndFactor(node: HDKey, counter: number) {
  const parent = toBigInt(node.privateKey!);
  const hardened = concatBytes(new Uint8Array([0]), node.privateKey!, index32(HARDENED + counter));
  const at = childOf(parent, node.chainCode!, hardened);
  if (!at) return null;
  const publicKey = secp256k1.getPublicKey(toBytes32(at.key), true);
  const secret = childOf(at.key, at.chainCode, concatBytes(publicKey, index32(0)));
  const factor = childOf(at.key, at.chainCode, concatBytes(publicKey, index32(1)));
  return secret && factor ? { secret: toBytes32(secret.key), r: factor.key } : null;
}

function cashuTsOutputs(seed: Uint8Array, keyset: Keyset, start: number, count: number) {
  return OutputData.createDeterministicData(0, seed, start, keyset, Array<number>(count).fill(0));
}

/** One output as a worker hands it back (structured clone keeps no classes). */
export interface PlainOutput {
  /** the blinded message, compressed hex */
  B_: string;
  /** the blinding factor */
  r: bigint;
  /** the secret, as the proof will carry it */
  secret: string;
}

/**
 * The outputs of a keyset id of version 00, with no classes; null for any other id or the
 * never-seen invalid child, which cashu-ts derives (restoreOutputs).
 */
export function plainRestoreOutputs(
  seed: Uint8Array,
  keysetId: string,
  start: number,
  count: number,
): PlainOutput[] | null {
  if (!/^00[0-9a-fA-F]{14}$/.test(keysetId)) return null;
  const node = HDKey.fromMasterSeed(seed).derive(`m/129372'/0'/${getKeysetIdInt(keysetId)}'`);
  const derived: { secret: string; r: bigint }[] = [];
  for (let counter = start; counter < start + count; counter++) {
    const at = secretAndFactor(node, counter);
    if (!at) return null;
    derived.push({ secret: bytesToHex(at.secret), r: at.r });
  }
  // B_ = Y + r·G. r is no secret to keep from timing: NUT-12 hands it to whoever receives the
  // proof, and the batch's signatures are checked with it in variable time (decision 0080).
  const G = generatorTable();
  const blinded = toAffine(
    derived.map(({ secret, r }) => G.addMultiple(jac(hashToCurve(text.encode(secret))), r)),
  );
  if (blinded.some((point) => point === null)) return null;
  return derived.map(({ secret, r }, i) => ({ B_: compressedHex(blinded[i]!), r, secret }));
}

/** The OutputData of plain outputs of `keysetId`. */
export function outputsFromPlain(plain: readonly PlainOutput[], keysetId: string): OutputData[] {
  return plain.map(({ B_, r, secret }) => {
    const message = { amount: Amount.from(0), B_, id: keysetId };
    return new OutputData(message, r, text.encode(secret));
  });
}

/** Zero-amount deterministic outputs for counters [start, start + count) of `keyset`. */
export function restoreOutputs(
  seed: Uint8Array,
  keyset: Keyset,
  start: number,
  count: number,
): OutputData[] {
  // Ids of version 01 derive by HMAC-SHA256 with no curve work; base64 ids are left to cashu-ts.
  const plain = plainRestoreOutputs(seed, keyset.id, start, count);
  // BIP-32's next-index rule for an invalid child is cashu-ts' to apply.
  return plain ? outputsFromPlain(plain, keyset.id) : cashuTsOutputs(seed, keyset, start, count);
}

/** Derives a restore batch's outputs, in this thread or elsewhere (the app uses workers). */
export type DeriveRestoreOutputs = (
  seed: Uint8Array,
  keyset: Keyset,
  start: number,
  count: number,
) => Promise<OutputData[]>;

export const deriveInThisThread: DeriveRestoreOutputs = async (seed, keyset, start, count) =>
  restoreOutputs(seed, keyset, start, count);
