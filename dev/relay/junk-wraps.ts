// A flood of gift wraps addressed to one key, as a stranger could send: valid NIP-01 ids and
// BIP-340 signatures, random content nobody can decrypt. Made fast enough for 50,000 in a test
// (the nonce of each signature is the last one's plus one, a point addition instead of a
// multiplication: never do this with a key that matters; this one is thrown away).
import { randomBytes } from 'node:crypto';
import { secp256k1, schnorr } from '@noble/curves/secp256k1.js';
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils.js';
import { getEventHash, type NostrEvent } from 'nostr-tools/pure';

const Point = secp256k1.Point;
const N = Point.CURVE().n;

function mod(a: bigint): bigint {
  const r = a % N;
  return r >= 0n ? r : r + N;
}

function toBytes32(value: bigint): Uint8Array {
  return hexToBytes(value.toString(16).padStart(64, '0'));
}

function randomScalar(): bigint {
  return mod(BigInt(`0x${randomBytes(32).toString('hex')}`)) || 1n;
}

export type JunkOptions = {
  /** content length in characters (base64); default 1,000, about a payment message's wrap */
  contentChars?: number;
  /** unix seconds; created_at is spread over the two days before it, as NIP-59 back-dates */
  now?: number;
};

/** `count` kind 1059 events p-tagged to `pubkey`, each with its own id and valid signature. */
export function junkWraps(pubkey: string, count: number, options: JunkOptions = {}): NostrEvent[] {
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const contentBytes = Math.ceil(((options.contentChars ?? 1_000) * 3) / 4);
  let d = randomScalar();
  const P = Point.BASE.multiply(d).toAffine();
  if (P.y % 2n === 1n) d = N - d;
  const px = toBytes32(P.x);
  const author = bytesToHex(px);
  let k = randomScalar();
  let R = Point.BASE.multiply(k);
  const events: NostrEvent[] = [];
  for (let i = 0; i < count; i++) {
    k = mod(k + 1n);
    R = R.add(Point.BASE);
    const { x, y } = R.toAffine();
    const nonce = y % 2n === 1n ? N - k : k;
    const unsigned = {
      kind: 1059,
      pubkey: author,
      created_at: now - Math.floor(Math.random() * 172_800),
      tags: [['p', pubkey]],
      content: randomBytes(contentBytes).toString('base64'),
    };
    const id = getEventHash(unsigned);
    const rx = toBytes32(x);
    const e = mod(
      BigInt(
        `0x${bytesToHex(schnorr.utils.taggedHash('BIP0340/challenge', concatBytes(rx, px, hexToBytes(id))))}`,
      ),
    );
    const sig = bytesToHex(concatBytes(rx, toBytes32(mod(nonce + e * d))));
    events.push({ ...unsigned, id, sig });
  }
  return events;
}
