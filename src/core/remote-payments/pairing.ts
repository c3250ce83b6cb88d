// The cashier-link pairing secret and the proof a paired cashier attaches to each payment message
// (docs/protocol.md "Pairing").
import { schnorr } from '@noble/curves/secp256k1.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, randomBytes } from '@noble/hashes/utils.js';
import { base64urlnopad } from '@scure/base';
import type { PairingProof, PaymentMessage } from './payment-message';
import { provenSaleText } from './remote-sale';
import { provenFiatText } from '../prices/stated-fiat';

/** 256 random bits: guessing one is as hard as guessing a private key. */
export const PAIRING_SECRET_BYTES = 32;
/** The key of the secret in the link's fragment: `#pair=<base64url>` (never sent to a server). */
export const LINK_PAIRING_KEY = 'pair';
/** The pairing id is public (it names which secret a message claims); 64 bits tell secrets apart. */
const PAIRING_ID_HEX_CHARS = 16;
/** Bumped if the proven fields ever change, so an old proof can never pass as a new one. */
const PROOF_DOMAIN = 'cashew-pos/payment/1';
/** The signing key of a link is sha256 of this and the secret: the secret never leaves the link. */
const SIGNING_DOMAIN = 'cashew-pos/pairing-key/1';

export function newPairingSecret(): Uint8Array {
  return randomBytes(PAIRING_SECRET_BYTES);
}

export function encodePairingSecret(secret: Uint8Array): string {
  return base64urlnopad.encode(secret);
}

/** The secret from its link text, or undefined for anything that is not exactly 32 bytes. */
export function decodePairingSecret(text: string): Uint8Array | undefined {
  try {
    const bytes = base64urlnopad.decode(text.trim());
    return bytes.length === PAIRING_SECRET_BYTES ? bytes : undefined;
  } catch {
    return undefined;
  }
}

export function pairingId(secret: Uint8Array): string {
  return bytesToHex(sha256(secret)).slice(0, PAIRING_ID_HEX_CHARS);
}

/** Every field the merchant acts on, in a fixed order, so a relay cannot alter one unnoticed. */
function provenBytes(message: PaymentMessage): Uint8Array {
  const { quote, amount, request, unit, mint, pubkey, expiry, receipt } = message;
  const fields: unknown[] = [PROOF_DOMAIN, quote, amount, request, unit, mint];
  fields.push(pubkey ?? null, expiry ?? null, receipt ?? null);
  // Only when present, so a message without lines, request or fiat record is proven as before.
  if (message.sale || message.ecashRequest || message.fiat) {
    fields.push(message.sale ? provenSaleText(message.sale) : null, message.ecashRequest ?? null);
  }
  if (message.fiat) fields.push(provenFiatText(message.fiat));
  return new TextEncoder().encode(JSON.stringify(fields));
}

function signingKey(secret: Uint8Array): Uint8Array {
  const domain = new TextEncoder().encode(SIGNING_DOMAIN);
  const bytes = new Uint8Array(domain.length + secret.length);
  bytes.set(domain);
  bytes.set(secret, domain.length);
  return sha256(bytes);
}

/**
 * The public key that checks a link's signatures (x-only hex). The merchant publishes it in its
 * profile and checks with it while the secret is sealed; it cannot make a proof.
 */
export function pairingKey(secret: Uint8Array): string {
  return bytesToHex(schnorr.getPublicKey(signingKey(secret)));
}

/** `signed`: the proof also carries the signature a locked till checks (sales inbox key). */
export function provePairing(
  secret: Uint8Array,
  message: PaymentMessage,
  signed = false,
): PairingProof {
  const bytes = provenBytes(message);
  const proof: PairingProof = {
    id: pairingId(secret),
    mac: bytesToHex(hmac(sha256, secret, bytes)),
  };
  if (signed) proof.sig = bytesToHex(schnorr.sign(sha256(bytes), signingKey(secret)));
  return proof;
}

/**
 * Whether the message carries a signature by the link whose pairing key is `key` over exactly
 * these fields: what a locked till checks, since it cannot open the secret.
 */
export function hasPairingSignature(key: string, message: PaymentMessage): boolean {
  const sig = message.pairing?.sig;
  if (!sig) return false;
  try {
    return schnorr.verify(hexToBytes(sig), sha256(provenBytes(message)), hexToBytes(key));
  } catch {
    return false;
  }
}

/** Whether the message carries a proof made with this secret over exactly these fields. */
export function hasValidPairing(secret: Uint8Array, message: PaymentMessage): boolean {
  const proof = message.pairing;
  if (!proof) return false;
  const expected = provePairing(secret, message);
  if (proof.id !== expected.id) return false;
  // Constant time: the comparison must not tell a sender how many characters were right.
  let difference = proof.mac.length ^ expected.mac.length;
  for (let i = 0; i < expected.mac.length; i += 1) {
    difference |= expected.mac.charCodeAt(i) ^ (proof.mac.charCodeAt(i) || 0);
  }
  return difference === 0;
}
