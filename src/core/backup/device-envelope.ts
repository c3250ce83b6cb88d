// Device envelopes: what one device leaves on the merchant's relays for every device of the
// phrase, sealed with NIP-44 from the device's plain key to the merchant's identity key, so a
// locked till writes them and only the phrase reads them (docs/protocol.md "Device envelopes").
import { schnorr } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import type { Event as NostrEvent } from 'nostr-tools/core';
import type { Filter } from 'nostr-tools/filter';
import * as nip44 from 'nostr-tools/nip44';
import { finalizeEvent, getPublicKey, verifyEvent } from 'nostr-tools/pure';
import { APP_DATA_KIND, APP_DATA_PREFIX } from './app-data';

export const DEVICE_ENVELOPE_KIND = APP_DATA_KIND;

/**
 * The largest body, as JSON bytes, one envelope carries. NIP-44 pads 40,960 bytes to itself, so
 * the event stays under 56 KB: relays with a 64 KiB event limit take it (docs/protocol.md).
 */
export const DEVICE_ENVELOPE_MAX_BYTES = 40_960;

/**
 * The identity key's word that a device key belongs to the phrase: a BIP-340 signature over
 * SHA-256("cashew-pos/device/1:" || device public key). Made where the identity key is open
 * (onboarding, an unlock), kept plain, and sent inside every envelope.
 */
export interface DeviceCertificate {
  /** the device's public key, x-only hex */
  device: string;
  /** hex */
  sig: string;
}

const CERTIFICATE_TAG = utf8ToBytes('cashew-pos/device/1:');

function certificateDigest(devicePubkey: string): Uint8Array {
  const key = hexToBytes(devicePubkey);
  const message = new Uint8Array(CERTIFICATE_TAG.length + key.length);
  message.set(CERTIFICATE_TAG);
  message.set(key, CERTIFICATE_TAG.length);
  return sha256(message);
}

export function certifyDevice(
  identitySecretKey: Uint8Array,
  devicePubkey: string,
): DeviceCertificate {
  return {
    device: devicePubkey,
    sig: bytesToHex(schnorr.sign(certificateDigest(devicePubkey), identitySecretKey)),
  };
}

export function certificateValid(identityPubkey: string, certificate: unknown): boolean {
  if (typeof certificate !== 'object' || certificate === null) return false;
  const { device, sig } = certificate as Record<string, unknown>;
  if (typeof device !== 'string' || !/^[0-9a-f]{64}$/.test(device)) return false;
  if (typeof sig !== 'string' || !/^[0-9a-f]{128}$/.test(sig)) return false;
  try {
    return schnorr.verify(hexToBytes(sig), certificateDigest(device), hexToBytes(identityPubkey));
  } catch {
    return false;
  }
}

/** What a device needs to write envelopes; none of it is sealed under the PIN. */
export interface EnvelopeWriter {
  deviceSecretKey: Uint8Array;
  /** the merchant's identity (npub) key, x-only hex */
  identityPubkey: string;
  /** absent until the identity key was open on this device once */
  certificate?: DeviceCertificate;
}

/** The `d` tag of an envelope: `cashew-pos/<purpose>/<id>`, replaced by the next one of its name. */
export function envelopeName(purpose: string, id: string): string {
  return `${APP_DATA_PREFIX}${purpose}/${id}`;
}

/** Thrown when a body is over DEVICE_ENVELOPE_MAX_BYTES: the caller splits it. */
export class EnvelopeTooLargeError extends Error {
  constructor(readonly bytes: number) {
    super(`An envelope of ${bytes} bytes is over ${DEVICE_ENVELOPE_MAX_BYTES}`);
    this.name = 'EnvelopeTooLargeError';
  }
}

/**
 * `extraTags`: tags a purpose adds beside `d` and `p` (a `t` tag its readers filter on, so other
 * purposes' envelopes do not crowd its own out of a relay's answer).
 */
export function sealEnvelope(
  writer: EnvelopeWriter,
  name: string,
  body: unknown,
  createdAt: number,
  extraTags: string[][] = [],
): NostrEvent {
  const plaintext = JSON.stringify({
    v: 1,
    ...(writer.certificate ? { cert: writer.certificate } : {}),
    body,
  });
  const bytes = utf8ToBytes(plaintext).length;
  if (bytes > DEVICE_ENVELOPE_MAX_BYTES) throw new EnvelopeTooLargeError(bytes);
  const key = nip44.v2.utils.getConversationKey(writer.deviceSecretKey, writer.identityPubkey);
  return finalizeEvent(
    {
      kind: DEVICE_ENVELOPE_KIND,
      created_at: createdAt,
      tags: [['d', name], ['p', writer.identityPubkey], ...extraTags],
      content: nip44.v2.encrypt(plaintext, key),
    },
    writer.deviceSecretKey,
  );
}

export interface OpenedEnvelope {
  name: string;
  /** the device key that wrote it, x-only hex */
  author: string;
  createdAt: number;
  /** whether the identity key vouched for the author (DeviceCertificate) */
  certified: boolean;
  body: unknown;
}

/** The relay filter for every envelope sent to this identity (any device, any purpose). */
export function envelopeFilter(identityPubkey: string): Filter {
  return { kinds: [DEVICE_ENVELOPE_KIND], '#p': [identityPubkey] };
}

/**
 * Opens an envelope addressed to this identity; undefined for anything else (another kind or
 * recipient, a bad signature, a payload that does not decrypt or parse). Anyone can seal to a
 * public key: `certified` says whether one of the phrase's devices wrote it.
 */
export function openEnvelope(
  identitySecretKey: Uint8Array,
  event: NostrEvent,
): OpenedEnvelope | undefined {
  return envelopeOpener(identitySecretKey)(event);
}

/**
 * openEnvelope for many envelopes of few authors: each author's conversation key (an ECDH) and
 * certificate check (a signature) are worked out once, not per envelope.
 */
export function envelopeOpener(
  identitySecretKey: Uint8Array,
): (event: NostrEvent) => OpenedEnvelope | undefined {
  const identityPubkey = getPublicKey(identitySecretKey);
  const keys = new Map<string, Uint8Array>();
  const certificates = new Map<string, boolean>();
  const conversationKey = (author: string) => {
    let key = keys.get(author);
    if (!key) {
      key = nip44.v2.utils.getConversationKey(identitySecretKey, author);
      keys.set(author, key);
    }
    return key;
  };
  const certifies = (author: string, cert: unknown) => {
    if (typeof cert !== 'object' || cert === null) return false;
    const { device, sig } = cert as Partial<DeviceCertificate>;
    if (device !== author) return false;
    const seen = `${author}:${String(sig)}`;
    let valid = certificates.get(seen);
    if (valid === undefined) {
      valid = certificateValid(identityPubkey, cert);
      certificates.set(seen, valid);
    }
    return valid;
  };
  return (event) => {
    if (event.kind !== DEVICE_ENVELOPE_KIND) return undefined;
    if (!event.tags.some((t) => t[0] === 'p' && t[1] === identityPubkey)) return undefined;
    const name = event.tags.find((t) => t[0] === 'd')?.[1];
    if (typeof name !== 'string' || !name.startsWith(APP_DATA_PREFIX)) return undefined;
    if (!verifyEvent(event)) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(nip44.v2.decrypt(event.content, conversationKey(event.pubkey)));
    } catch {
      return undefined;
    }
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { v, cert, body } = parsed as Record<string, unknown>;
    if (v !== 1) return undefined;
    const certified = certifies(event.pubkey, cert);
    return { name, author: event.pubkey, createdAt: event.created_at, certified, body };
  };
}
