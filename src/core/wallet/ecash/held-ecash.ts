// The bounds on NUT-18 payloads held before their sale is known, so a stranger's junk cannot fill
// storage (docs/protocol.md "Payloads in the inbox", decision 0044).
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { HeldEcashPayload } from './ports';

/** Strangers' payloads (no tag of ours) held at most; the oldest goes for a new one. */
export const HELD_ECASH_MAX = 20;

/**
 * Payloads naming a request one of this merchant's cashiers made (cashier-request-id.ts) held at
 * most, apart from the others: strangers' junk never pushes one out.
 */
export const HELD_ECASH_ISSUED_MAX = 20;

/** A payload longer than this (about 100 proofs) is not held. */
export const HELD_ECASH_MAX_CHARS = 32 * 1024;

/** A payload whose sale is not known after this long (a day) is dropped, untouched. */
export const HELD_ECASH_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** The row for a payload of request `requestId`; the same content twice gives the same key. */
export function heldPayload(
  requestId: string,
  content: string,
  now: number,
  issued = false,
): HeldEcashPayload {
  const hash = bytesToHex(sha256(utf8ToBytes(content))).slice(0, 32);
  return {
    key: `${requestId}:${hash}`,
    requestId,
    content,
    receivedAt: now,
    ...(issued ? { issued } : {}),
  };
}
