// The merchant's catalog for its paired cashiers: items, tips, discounts and the display currency in one
// NIP-78 event (kind 30078, `d` = `cashew-pos/catalog`), signed by the merchant and NIP-44
// encrypted with a key only the pairing secret gives, or, with staff links, with a key of this
// version sealed to each live link (docs/protocol.md "The cashier's catalog").
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, randomBytes } from '@noble/hashes/utils.js';
import type { Event as NostrEvent } from 'nostr-tools/core';
import * as nip44 from 'nostr-tools/nip44';
import { finalizeEvent, verifyEvent } from 'nostr-tools/pure';
import { normaliseItem, sortItems, type CatalogItem } from '../items/item';
import { isCurrencyCode } from '../prices/currencies';
import { isFiatUnit, type FiatUnit, type Unit } from '../units/unit';
import { RELAY_TIMEOUT_MS } from './constants';
import { pairingId } from './pairing';
import type { RelayPool } from './relay-pool';

export const CATALOG_KIND = 30078;
export const CATALOG_D_TAG = 'cashew-pos/catalog';
/** Names which secret encrypted it, as the profile's `cashew-pairing` tag does. */
const PAIRING_TAG = 'cashew-pairing';
/** Bumped if the key derivation ever changes. */
const KEY_DOMAIN = 'cashew-pos/catalog/1';
/**
 * One live link's way into this version: `[KEY_TAG, pairing id, version key sealed to the link]`
 * (docs/decisions/0083-the-catalog-sealed-per-link.md).
 */
const KEY_TAG = 'cashew-catalog-key';
/** At most the shop's link and a full staff list read one version. */
const MAX_KEY_TAGS = 60;
/** Relays refuse large events (often past 64 KiB): a counter's list fits well under this. */
export const MAX_CATALOG_ITEMS = 300;
/** Sold-out keys read from a catalog: every item and choice of a full one is far fewer. */
const MAX_SOLD_OUT = 10_000;

/** What a paired cashier reads: enabled items in grid order, the tip setting, the currency. */
export interface PublishedCatalog {
  items: CatalogItem[];
  tips: boolean;
  /** the display currency, null for sats only */
  currency: string | null;
  /** the merchant's price source, so the cashier converts at the same price as the merchant */
  priceUrl?: string;
  /** counted items and choices (`${itemId}/${choiceId}`) sold out, greyed on the cashier's page */
  soldOut?: string[];
  /** any cashier may give discounts (Settings, "Who may give discounts"); absent: none */
  discounts?: true;
  /**
   * The fiat unit the till charges in: the cashier sells in it, its quotes asked in it (decision
   * 0092); absent: sats, as every catalog before units (an older cashier ignores the field).
   */
  unit?: FiatUnit;
}

/** The NIP-44 conversation key of the catalog: HMAC-SHA256(pairing secret, domain). */
export function catalogKey(pairingSecret: Uint8Array): Uint8Array {
  return hmac(sha256, pairingSecret, new TextEncoder().encode(KEY_DOMAIN));
}

/** The catalog as published: only enabled, sound items, at most MAX_CATALOG_ITEMS. */
export function catalogOf(
  items: readonly CatalogItem[],
  settings: {
    tips: boolean;
    currency: string | null;
    priceUrl?: string;
    soldOut?: string[];
    discounts?: boolean;
    /** the till's unit; sat is left out */
    unit?: Unit;
  },
): PublishedCatalog {
  const shown: CatalogItem[] = [];
  for (const item of sortItems(items)) {
    if (!item.enabled) continue;
    try {
      shown.push(normaliseItem(item));
    } catch {
      continue;
    }
    if (shown.length >= MAX_CATALOG_ITEMS) break;
  }
  return {
    items: shown,
    tips: settings.tips,
    currency: settings.currency,
    ...(settings.priceUrl ? { priceUrl: settings.priceUrl } : {}),
    ...(settings.soldOut?.length ? { soldOut: [...settings.soldOut].sort() } : {}),
    ...(settings.discounts ? { discounts: true as const } : {}),
    ...(settings.unit && isFiatUnit(settings.unit) ? { unit: settings.unit } : {}),
  };
}

export function catalogEvent(args: {
  merchantSecretKey: Uint8Array;
  pairingSecret: Uint8Array;
  catalog: PublishedCatalog;
  now: number;
  /**
   * Each staff member's live link secret (core/staff/staff-link.ts). With any, the catalog is
   * sealed with a fresh key of this version, and that key to the shop's link and each of these:
   * a link revoked since reads no later version. Without, the event is as before staff links.
   */
  staffSecrets?: readonly Uint8Array[];
}): NostrEvent {
  const staff = args.staffSecrets ?? [];
  const tags = [
    ['d', CATALOG_D_TAG],
    [PAIRING_TAG, pairingId(args.pairingSecret)],
  ];
  let key = catalogKey(args.pairingSecret);
  if (staff.length > 0) {
    key = randomBytes(32);
    for (const secret of [args.pairingSecret, ...staff].slice(0, MAX_KEY_TAGS)) {
      tags.push([
        KEY_TAG,
        pairingId(secret),
        nip44.v2.encrypt(bytesToHex(key), catalogKey(secret)),
      ]);
    }
  }
  return finalizeEvent(
    {
      kind: CATALOG_KIND,
      created_at: args.now,
      tags,
      content: nip44.v2.encrypt(JSON.stringify(args.catalog), key),
    },
    args.merchantSecretKey,
  );
}

/**
 * The key that opens `event` for the link with `secret`: its version key when the event seals one
 * to the link, else the key derived from the secret (an event naming the link as the shop's);
 * undefined when the event is not for this link.
 */
function contentKey(event: NostrEvent, secret: Uint8Array): Uint8Array | undefined {
  const id = pairingId(secret);
  const sealed = event.tags.find((t) => t[0] === KEY_TAG && t[1] === id && t[2] !== undefined);
  if (sealed) {
    const hex = nip44.v2.decrypt(sealed[2]!, catalogKey(secret));
    if (!/^[0-9a-f]{64}$/.test(hex)) return undefined;
    return hexToBytes(hex);
  }
  if (event.tags.some((t) => t[0] === PAIRING_TAG && t[1] === id)) return catalogKey(secret);
  return undefined;
}

function parseCatalog(value: unknown): PublishedCatalog | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const raw = value as Record<string, unknown>;
  if (!Array.isArray(raw.items)) return undefined;
  const currency = raw.currency === null || isCurrencyCode(raw.currency) ? raw.currency : null;
  const priceUrl =
    typeof raw.priceUrl === 'string' && /^https?:\/\//.test(raw.priceUrl)
      ? raw.priceUrl
      : undefined;
  const items: CatalogItem[] = [];
  // Each item is checked as the merchant's own store checks it; a bad one is left out.
  for (const entry of raw.items.slice(0, MAX_CATALOG_ITEMS) as unknown[]) {
    try {
      const item = normaliseItem(entry as CatalogItem);
      if (typeof item.id === 'string' && Number.isFinite(item.position)) items.push(item);
    } catch {
      continue;
    }
  }
  const soldOut = Array.isArray(raw.soldOut)
    ? raw.soldOut.filter((key): key is string => typeof key === 'string').slice(0, MAX_SOLD_OUT)
    : [];
  return {
    items: items.map((item) => ({ ...item, enabled: true })),
    tips: raw.tips === true,
    currency,
    ...(priceUrl ? { priceUrl } : {}),
    ...(soldOut.length > 0 ? { soldOut } : {}),
    ...(raw.discounts === true ? { discounts: true as const } : {}),
    // A unit this version does not know: sats, the one every merchant's inbox still reads.
    ...(isFiatUnit(raw.unit) ? { unit: raw.unit } : {}),
  };
}

/**
 * The newest catalog event the merchant signed for this pairing secret, opened; undefined when
 * there is none, or it does not verify, decrypt or read as a catalog.
 */
export function readCatalogEvent(
  events: readonly NostrEvent[],
  merchantPubkeyHex: string,
  pairingSecret: Uint8Array,
): PublishedCatalog | undefined {
  const id = pairingId(pairingSecret);
  const forLink = (t: string[]) => (t[0] === PAIRING_TAG || t[0] === KEY_TAG) && t[1] === id;
  const candidates = events
    .filter((e) => e.kind === CATALOG_KIND && e.pubkey === merchantPubkeyHex)
    .filter((e) => e.tags.some((t) => t[0] === 'd' && t[1] === CATALOG_D_TAG))
    .filter((e) => e.tags.some(forLink))
    .sort((a, b) => b.created_at - a.created_at);
  for (const event of candidates) {
    if (!verifyEvent(event)) continue;
    try {
      const key = contentKey(event, pairingSecret);
      if (!key) continue;
      return parseCatalog(JSON.parse(nip44.v2.decrypt(event.content, key)));
    } catch {
      continue;
    }
  }
  return undefined;
}

/**
 * The cashier's view of the catalog for its link's secret, kept current: once the relays have sent
 * what they store, `onCatalog` gets the newest catalog there (if any), then each newer one the
 * merchant publishes until it is closed. An older event, another link's or one that does not read
 * as a catalog changes nothing (docs/protocol.md "The cashier's catalog").
 */
export function watchCatalog(args: {
  pool: RelayPool;
  relays: string[];
  merchantPubkeyHex: string;
  pairingSecret: Uint8Array;
  onCatalog: (catalog: PublishedCatalog) => void;
}): { close: () => void } {
  const { merchantPubkeyHex, pairingSecret, onCatalog } = args;
  const relays = [...new Set(args.relays)];
  let newest: { at: number; id: string; catalog: PublishedCatalog } | undefined;
  let stored = true;
  let closed = false;
  if (relays.length === 0) return { close: () => {} };
  const params = {
    onevent: (event: NostrEvent) => {
      if (closed || (newest && !replaces(event, newest))) return;
      const catalog = readCatalogEvent([event], merchantPubkeyHex, pairingSecret);
      if (!catalog) return;
      newest = { at: event.created_at, id: event.id, catalog };
      if (!stored) onCatalog(catalog);
    },
    // What the relays keep arrives in any order: only the newest of it is shown.
    oneose: () => {
      stored = false;
      if (newest && !closed) onCatalog(newest.catalog);
    },
    maxWait: RELAY_TIMEOUT_MS,
  };
  const filter = { kinds: [CATALOG_KIND], authors: [merchantPubkeyHex], '#d': [CATALOG_D_TAG] };
  let subscription: ReturnType<RelayPool['subscribe']>;
  try {
    subscription = args.pool.subscribe(relays, filter, params);
  } catch {
    // A relay list the pool refuses: no catalog, the keypad as without one.
    return { close: () => {} };
  }
  return {
    // Nothing is reported once closed. Closing a subscription a relay already ended releases
    // nothing: never a rejection either.
    close: () => {
      closed = true;
      void Promise.resolve()
        .then(() => subscription.close('catalog no longer shown'))
        .catch(() => {});
    },
  };
}

/** NIP-01's rule for addressable events, as relays keep them: newer, or as new with a lower id. */
function replaces(event: NostrEvent, kept: { at: number; id: string }): boolean {
  return event.created_at > kept.at || (event.created_at === kept.at && event.id < kept.id);
}
