// The events of the app data backup: NIP-78 application data (kind 30078), `d` = `cashew-pos/<name>`,
// NIP-44 v2 encrypted to the merchant's own key, and reading them back (docs/protocol.md "App data backup").
import type { Event as NostrEvent } from 'nostr-tools/core';
import * as nip44 from 'nostr-tools/nip44';
import { finalizeEvent, getPublicKey, verifyEvent } from 'nostr-tools/pure';

export const APP_DATA_KIND = 30078;
export const APP_DATA_PREFIX = 'cashew-pos/';

function conversationKey(secretKey: Uint8Array): Uint8Array {
  return nip44.v2.utils.getConversationKey(secretKey, getPublicKey(secretKey));
}

export function appDataEvent(
  secretKey: Uint8Array,
  part: string,
  value: unknown,
  now: number,
): NostrEvent {
  return finalizeEvent(
    {
      kind: APP_DATA_KIND,
      created_at: now,
      tags: [['d', APP_DATA_PREFIX + part]],
      content: nip44.v2.encrypt(JSON.stringify(value), conversationKey(secretKey)),
    },
    secretKey,
  );
}

/** One event of `name` read back: its JSON value and date. */
export interface AppDataValue {
  value: unknown;
  createdAt: number;
}

/**
 * Every event of `name` this key wrote that verifies and decrypts, newest first: relays may hold
 * different versions of one address.
 */
export function appDataValues(
  secretKey: Uint8Array,
  name: string,
  events: readonly NostrEvent[],
): AppDataValue[] {
  const pubkey = getPublicKey(secretKey);
  const d = APP_DATA_PREFIX + name;
  const key = conversationKey(secretKey);
  const seen = new Set<string>();
  const values: AppDataValue[] = [];
  const mine = events
    .filter((e) => e.kind === APP_DATA_KIND && e.pubkey === pubkey)
    .filter((e) => e.tags.some((t) => t[0] === 'd' && t[1] === d))
    .sort((a, b) => b.created_at - a.created_at);
  for (const event of mine) {
    if (seen.has(event.id) || !verifyEvent(event)) continue;
    seen.add(event.id);
    try {
      values.push({
        value: JSON.parse(nip44.v2.decrypt(event.content, key)),
        createdAt: event.created_at,
      });
    } catch {
      continue;
    }
  }
  return values;
}

/** The newest event of `part` this key wrote that verifies and decrypts, as its JSON value. */
export function readAppData(secretKey: Uint8Array, part: string, events: NostrEvent[]): unknown {
  return appDataValues(secretKey, part, events)[0]?.value;
}
