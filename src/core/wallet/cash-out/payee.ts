// The payee of a BOLT11 invoice: its `n` field, or the node key recovered from its signature
// (BOLT 11: the signature commits to the human-readable part and the data). Shown on the confirm
// step so the merchant sees who is paid (docs/behaviour.md, "Cash out").
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { bech32 } from '@scure/base';

/** 104 five-bit words: r || s (64 bytes) and the recovery id. */
const SIGNATURE_WORDS = 104;

/** 5-bit words to bytes, padding the last byte with zero bits (BOLT 11 signing data). */
function wordsToBytesPadded(words: number[]): Uint8Array {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const word of words) {
    acc = (acc << 5) | word;
    bits += 5;
    while (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 0xff);
    }
  }
  if (bits > 0) out.push((acc << (8 - bits)) & 0xff);
  return Uint8Array.from(out);
}

/** The payee node key (33 bytes hex), or null when the signature does not give one. */
export function recoverPayee(request: string): string | null {
  try {
    const { prefix, words } = bech32.decode(request as `${string}1${string}`, false);
    if (words.length <= SIGNATURE_WORDS) return null;
    const data = words.slice(0, -SIGNATURE_WORDS);
    const sig = bech32.fromWords(words.slice(-SIGNATURE_WORDS));
    const recovery = sig[64];
    if (sig.length !== 65 || recovery === undefined || recovery > 3) return null;
    const message = sha256(
      new Uint8Array([...new TextEncoder().encode(prefix), ...wordsToBytesPadded(data)]),
    );
    // noble's recovered format puts the recovery id first.
    const recovered = new Uint8Array([recovery, ...sig.subarray(0, 64)]);
    return bytesToHex(secp256k1.recoverPublicKey(recovered, message, { prehash: false }));
  } catch {
    return null;
  }
}
