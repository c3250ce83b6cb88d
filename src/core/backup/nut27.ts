// NUT-27 mint backup: the key derived from the phrase's seed, and the kind 30078 "mint-list" event
// any NUT-27 wallet on the same phrase writes and reads (docs/protocol.md, "Mint backup (NUT-27)").
import { sha256 } from '@noble/hashes/sha2.js';
import type { Event as NostrEvent, EventTemplate } from 'nostr-tools/core';
import * as nip44 from 'nostr-tools/nip44';
import { finalizeEvent, getPublicKey, verifyEvent } from 'nostr-tools/pure';
import { usableMintUrl } from '../urls/normalise-url';

export const MINT_BACKUP_KIND = 30078;
export const MINT_BACKUP_D_TAG = 'mint-list';
export const MINT_BACKUP_CLIENT = 'cashew-pos';
const DOMAIN_SEPARATOR = new TextEncoder().encode('cashu-mint-backup');
/** A list longer than this is not a wallet's mint list; its extra entries are not scanned. */
export const MINT_BACKUP_MAX_MINTS = 50;

export interface MintBackupKeys {
  secretKey: Uint8Array;
  /** x-only, hex */
  publicKey: string;
}

/** SHA256(BIP39 seed || "cashu-mint-backup"), as NUT-27 "Key Derivation" says. */
export function mintBackupKeys(seed: Uint8Array): MintBackupKeys {
  const combined = new Uint8Array(seed.length + DOMAIN_SEPARATOR.length);
  combined.set(seed);
  combined.set(DOMAIN_SEPARATOR, seed.length);
  const secretKey = sha256(combined);
  return { secretKey, publicKey: getPublicKey(secretKey) };
}

function selfConversationKey(keys: MintBackupKeys): Uint8Array {
  return nip44.v2.utils.getConversationKey(keys.secretKey, keys.publicKey);
}

/** The signed mint-list event; `now` in unix seconds is both created_at and the timestamp. */
export function mintBackupEvent(keys: MintBackupKeys, mints: string[], now: number): NostrEvent {
  const content = nip44.v2.encrypt(
    JSON.stringify({ mints, timestamp: now }),
    selfConversationKey(keys),
  );
  const template: EventTemplate = {
    kind: MINT_BACKUP_KIND,
    created_at: now,
    tags: [
      ['d', MINT_BACKUP_D_TAG],
      ['client', MINT_BACKUP_CLIENT],
    ],
    content,
  };
  return finalizeEvent(template, keys.secretKey);
}

/** What a relay is asked for: the phrase's mint-list event. */
export function mintBackupFilter(keys: MintBackupKeys) {
  return { kinds: [MINT_BACKUP_KIND], authors: [keys.publicKey], '#d': [MINT_BACKUP_D_TAG] };
}

/**
 * The mints a mint-list event names, or undefined when it is not one of this phrase's (wrong
 * author, kind or d tag, bad signature, content that does not decrypt or parse). Entries that are
 * not usable mint URLs are dropped; at most MINT_BACKUP_MAX_MINTS are kept.
 */
export function readMintBackup(keys: MintBackupKeys, event: NostrEvent): string[] | undefined {
  if (event.kind !== MINT_BACKUP_KIND || event.pubkey !== keys.publicKey) return undefined;
  if (!event.tags.some((t) => t[0] === 'd' && t[1] === MINT_BACKUP_D_TAG)) return undefined;
  if (!verifyEvent(event)) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(nip44.v2.decrypt(event.content, selfConversationKey(keys)));
  } catch {
    return undefined;
  }
  const mints = (data as { mints?: unknown } | null)?.mints;
  if (!Array.isArray(mints)) return undefined;
  const usable = mints
    .map((mint) => usableMintUrl(mint))
    .filter((mint): mint is string => mint !== undefined);
  return usable.slice(0, MINT_BACKUP_MAX_MINTS);
}

/** Of several events (several relays), the newest this phrase wrote, read. */
export function newestMintBackup(keys: MintBackupKeys, events: NostrEvent[]): string[] | undefined {
  const sorted = [...events].sort((a, b) => b.created_at - a.created_at);
  for (const event of sorted) {
    const mints = readMintBackup(keys, event);
    if (mints) return mints;
  }
  return undefined;
}
