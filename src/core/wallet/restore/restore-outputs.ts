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

/** Zero-amount deterministic outputs for counters [start, start + count) of `keyset`. */
export function restoreOutputs(
  seed: Uint8Array,
  keyset: Keyset,
  start: number,
  count: number,
): OutputData[] {
  // Ids of version 01 derive by HMAC-SHA256 with no curve work; base64 ids are left to cashu-ts.
  if (!/^00[0-9a-fA-F]{14}$/.test(keyset.id)) return cashuTsOutputs(seed, keyset, start, count);
  const node = HDKey.fromMasterSeed(seed).derive(`m/129372'/0'/${getKeysetIdInt(keyset.id)}'`);
  const derived: { secret: Uint8Array; r: bigint }[] = [];
  for (let counter = start; counter < start + count; counter++) {
    const at = secretAndFactor(node, counter);
    // BIP-32's next-index rule for an invalid child is cashu-ts' to apply.
    if (!at) return cashuTsOutputs(seed, keyset, start, count);
    derived.push({ secret: text.encode(bytesToHex(at.secret)), r: at.r });
  }
  // B_ = Y + r·G. r is no secret to keep from timing: NUT-12 hands it to whoever receives the
  // proof, and the batch's signatures are checked with it in variable time (decision 0080).
  const G = generatorTable();
  const blinded = toAffine(
    derived.map(({ secret, r }) => G.addMultiple(jac(hashToCurve(secret)), r)),
  );
  if (blinded.some((point) => point === null)) return cashuTsOutputs(seed, keyset, start, count);
  return derived.map(({ secret, r }, i) => {
    const message = { amount: Amount.from(0), B_: compressedHex(blinded[i]!), id: keyset.id };
    return new OutputData(message, r, secret);
  });
}
