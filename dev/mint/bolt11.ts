// Simulated Lightning invoices: real BOLT11 encoding signed by the dev node key, and a lenient decoder.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { bech32 } from '@scure/base';

const TAG = {
  paymentHash: 1,
  description: 13,
  descriptionHash: 23,
  expiry: 6,
  minCltv: 24,
  secret: 16,
  features: 5,
};
/** BOLT11 default when an invoice has no expiry field. */
export const DEFAULT_INVOICE_EXPIRY_SECONDS = 3600;

/** Network prefixes: mainnet, testnet, signet, regtest (and the old simnet one). */
export type Network = 'bc' | 'tb' | 'tbs' | 'bcrt' | 'sb';
// var_onion_optin (bit 8) and payment_secret (bit 14) required, as every modern node sets them.
const FEATURE_WORDS = [16, 8, 0];

function intToWords(value: number): number[] {
  const words: number[] = [];
  let v = value;
  do {
    words.unshift(v & 31);
    v = Math.floor(v / 32);
  } while (v > 0);
  return words;
}

function tagged(type: number, data: number[]): number[] {
  return [type, data.length >>> 5, data.length & 31, ...data];
}

/** The shortest human-readable amount: whole BTC, milli, micro, or nano (0.1 sat) units. */
export function amountToHrp(sats: number): string {
  if (sats % 100_000_000 === 0) return String(sats / 100_000_000);
  if (sats % 100_000 === 0) return `${sats / 100_000}m`;
  if (sats % 100 === 0) return `${sats / 100}u`;
  return `${sats * 10}n`;
}

export type InvoiceInput = {
  sats: number;
  paymentHash: Uint8Array;
  description: string;
  /** When set (LNURL-pay, LUD-06), the invoice commits to this hash instead of the description. */
  descriptionHash?: Uint8Array;
  expirySeconds: number;
  nodeKey: Uint8Array;
  /** unix seconds; default now */
  timestamp?: number;
  /** default 'bc' (mainnet) */
  network?: Network;
};

export function encodeInvoice(input: InvoiceInput): string {
  const hrp = `ln${input.network ?? 'bc'}${amountToHrp(input.sats)}`;
  const timestamp = input.timestamp ?? Math.floor(Date.now() / 1000);
  const tsWords = intToWords(timestamp);
  const words = [
    ...Array<number>(7 - tsWords.length).fill(0),
    ...tsWords,
    ...tagged(TAG.paymentHash, bech32.toWords(input.paymentHash)),
    ...(input.descriptionHash
      ? tagged(TAG.descriptionHash, bech32.toWords(input.descriptionHash))
      : tagged(TAG.description, bech32.toWords(new TextEncoder().encode(input.description)))),
    ...tagged(TAG.expiry, intToWords(input.expirySeconds)),
    ...tagged(TAG.minCltv, intToWords(18)),
    ...tagged(TAG.secret, bech32.toWords(sha256(input.paymentHash))),
    ...tagged(TAG.features, FEATURE_WORDS),
  ];
  const hrpBytes = new TextEncoder().encode(hrp);
  const dataBytes = signedBytes(words);
  const digest = sha256(new Uint8Array([...hrpBytes, ...dataBytes]));
  const recovered = secp256k1.sign(digest, input.nodeKey, { prehash: false, format: 'recovered' });
  // noble puts the recovery id first; BOLT11 wants r || s || recovery id.
  const sig = new Uint8Array([...recovered.subarray(1), recovered[0] ?? 0]);
  // BOLT11 invoices pass bech32's 90-character limit.
  return bech32.encode(hrp, [...words, ...bech32.toWords(sig)], false);
}

const MULTIPLIER_MSAT: Record<string, bigint> = {
  '': 100_000_000_000n,
  m: 100_000_000n,
  u: 100_000n,
  n: 100n,
};

export type DecodedInvoice = {
  amountSat: number | null;
  network: Network;
  /** From the data part, only when the checksum is valid. */
  paymentHash: string | null;
  /** The `h` field (hex), when the invoice commits to a description hash. */
  descriptionHash: string | null;
  /** unix seconds the invoice was made; null when the checksum is not valid */
  timestamp: number | null;
  /** seconds after `timestamp` it stays payable (the BOLT11 default when absent) */
  expirySeconds: number;
};

/**
 * Reads network and amount from the human-readable part and, when the checksum is valid, the
 * payment hash, timestamp and expiry. Lenient on purpose: the dev mint "pays" anything that
 * looks like a BOLT11 invoice. Returns null when it does not look like one.
 */
export function decodeInvoice(invoice: string): DecodedInvoice | null {
  const text = invoice
    .trim()
    .toLowerCase()
    .replace(/^lightning:/, '');
  const match =
    /^ln(bcrt|bc|tbs|tb|sb)(\d*)([munp]?)1[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{20,}$/.exec(text);
  if (!match) return null;
  const [, network = 'bc', digits = '', unit = ''] = match;
  let amountSat: number | null = null;
  if (digits !== '') {
    const msat =
      unit === 'p' ? BigInt(digits) / 10n : BigInt(digits) * (MULTIPLIER_MSAT[unit] ?? 0n);
    amountSat = Number(msat / 1000n);
  }
  return { amountSat, network: network as Network, ...readDataPart(text) };
}

function wordsToInt(words: number[]): number {
  return words.reduce((value, word) => value * 32 + word, 0);
}

function readDataPart(
  text: string,
): Pick<DecodedInvoice, 'paymentHash' | 'descriptionHash' | 'timestamp' | 'expirySeconds'> {
  const fields: ReturnType<typeof readDataPart> = {
    paymentHash: null,
    descriptionHash: null,
    timestamp: null,
    expirySeconds: DEFAULT_INVOICE_EXPIRY_SECONDS,
  };
  const decoded = bech32.decodeUnsafe(text.toLowerCase(), false);
  if (!decoded || decoded.words.length < 7 + 104) return fields;
  fields.timestamp = wordsToInt(decoded.words.slice(0, 7));
  const words = decoded.words.slice(7, -104);
  for (let i = 0; i + 3 <= words.length;) {
    const type = words[i] ?? 0;
    const len = ((words[i + 1] ?? 0) << 5) | (words[i + 2] ?? 0);
    const data = words.slice(i + 3, i + 3 + len);
    if (type === TAG.paymentHash && len === 52) {
      fields.paymentHash = hash256(data);
    } else if (type === TAG.descriptionHash && len === 52) {
      fields.descriptionHash = hash256(data);
    } else if (type === TAG.expiry) {
      fields.expirySeconds = wordsToInt(data);
    }
    i += 3 + len;
  }
  return fields;
}

/** A 52-word field as the 32-byte hash it carries (hex), or null when its padding is not zero. */
function hash256(words: number[]): string | null {
  const bytes = bech32.fromWordsUnsafe(words);
  return bytes ? bytesToHex(bytes.subarray(0, 32)) : null;
}

/**
 * What BOLT11 signs after the prefix: the data words as bytes, the last one padded with zero bits
 * (bech32's own conversion refuses a partial byte).
 */
function signedBytes(words: number[]): Uint8Array {
  const bytes: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const word of words) {
    acc = ((acc << 5) | word) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((acc >>> bits) & 0xff);
    }
  }
  if (bits > 0) bytes.push((acc << (8 - bits)) & 0xff);
  return Uint8Array.from(bytes);
}

export function randomPreimage(): { preimage: string; paymentHash: Uint8Array } {
  const preimage = secp256k1.utils.randomSecretKey();
  return { preimage: bytesToHex(preimage), paymentHash: sha256(preimage) };
}

export { bytesToHex, hexToBytes };
