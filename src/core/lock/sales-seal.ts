// Proofs sealed to the sales public key (decision 0030): written while the till is locked or not,
// opened only with the private half the PIN unlocks. Synchronous on purpose, so storage seals and
// opens rows inside its IndexedDB transactions (WebCrypto there would let them commit early).
import { bytesToHex } from '@noble/hashes/utils.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { decrypt, encrypt, getConversationKey } from 'nostr-tools/nip44';
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure';

/** What a sealed row carries: the ephemeral x-only key of its batch and a NIP-44 v2 payload. */
export interface SealedBox {
  k: string;
  c: string;
}

export function isSealedBox(value: unknown): value is SealedBox {
  const box = value as Partial<SealedBox> | undefined;
  return (
    typeof box === 'object' &&
    box !== null &&
    typeof box.k === 'string' &&
    typeof box.c === 'string'
  );
}

/** A new sales key pair: the private half is sealed under the PIN key, the public half is plain. */
export function newSalesKey(): { privateKey: Uint8Array; publicKey: string } {
  const privateKey = generateSecretKey();
  return { privateKey, publicKey: getPublicKey(privateKey) };
}

export function salesPublicKeyOf(privateKey: Uint8Array): string {
  return getPublicKey(privateKey);
}

/**
 * Seals texts to a sales public key. One ephemeral key per sealer (one write), each text with its
 * own NIP-44 nonce: ECDH + HKDF + ChaCha20 + HMAC-SHA256, the scheme the gift wraps already use.
 */
export class SalesSealer {
  private readonly ephemeral: string;
  private readonly conversation: Uint8Array;

  constructor(salesPublicKey: string) {
    const secret = generateSecretKey();
    this.ephemeral = getPublicKey(secret);
    this.conversation = getConversationKey(secret, salesPublicKey);
    secret.fill(0);
  }

  seal(plain: string): SealedBox {
    return { k: this.ephemeral, c: encrypt(plain, this.conversation) };
  }
}

/** Opens boxes with the sales private key; one ECDH per batch, remembered. Throws on a wrong key. */
export class SalesOpener {
  private readonly conversations = new Map<string, Uint8Array>();

  constructor(private readonly privateKey: Uint8Array) {}

  open(box: SealedBox): string {
    let conversation = this.conversations.get(box.k);
    if (!conversation) {
      conversation = getConversationKey(this.privateKey, box.k);
      this.conversations.set(box.k, conversation);
    }
    return decrypt(box.c, conversation);
  }
}

/**
 * The key a sealed proof row is stored under instead of its secret: a hash that reveals nothing
 * of the secret, and that a secret leads to, so rows are still found by secret.
 */
export function sealedProofKey(secret: string): string {
  return `h:${bytesToHex(sha256(new TextEncoder().encode(secret)))}`;
}
