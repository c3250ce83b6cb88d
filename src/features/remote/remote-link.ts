// The cashier side of the connection link: the merchant's mint, relays and shop name from its query
// string, the pairing secret from its fragment, and the merchant's profile for what the link lacks.
import type { ConfigStore } from '../../core/settings/ports';
import {
  chooseCashierMint,
  decodePairingSecret,
  LINK_PAIRING_KEY,
  type MerchantProfile,
  type RemoteTarget,
} from '../../core/remote-payments';
import { isHttpUrl, isRelayUrl, normaliseMintInput } from '../../core/settings/settings-input';
import { shopNameFromLink } from '../../core/settings/shop-name';

/** Must match src/features/connect/connection-link.ts (pinned by tests on both sides). */
export const LINK_MINT_PARAM = 'mint';
export const LINK_RELAY_PARAM = 'relay';
export const LINK_SHOP_PARAM = 'shop';

export interface RemoteLinkSettings {
  /** the link's mint when it is an http(s) URL */
  mintUrl?: string;
  /** the link's ws(s) relays, deduplicated; others are dropped */
  relays: string[];
  /** the shop's name, cleaned and cut to 40 characters; shown as plain text only */
  shopName?: string;
}

/**
 * Reads `?mint=...&relay=...&shop=...`. Anything that is not an http(s) mint or a ws(s) relay is ignored
 * (a hand-edited or truncated link), so the page falls back to the device's own settings.
 */
export function parseRemoteLink(search: string | URLSearchParams): RemoteLinkSettings {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const mint = params.get(LINK_MINT_PARAM)?.trim() ?? '';
  const relays = params
    .getAll(LINK_RELAY_PARAM)
    .map((relay) => relay.trim())
    .filter((relay) => relay !== '' && isRelayUrl(relay));
  const settings: RemoteLinkSettings = { relays: [...new Set(relays)] };
  if (mint && isHttpUrl(mint)) settings.mintUrl = normaliseMintInput(mint);
  const shopName = shopNameFromLink(params.get(LINK_SHOP_PARAM));
  if (shopName) settings.shopName = shopName;
  return settings;
}

/**
 * The pairing secret of `#pair=<base64url>` (docs/protocol.md "Pairing"), or undefined when the
 * fragment has none or a malformed one (the cashier then sends unpaired).
 */
export function parsePairingFragment(hash: string): Uint8Array | undefined {
  const text = new URLSearchParams(hash.replace(/^#/, '')).get(LINK_PAIRING_KEY);
  return text ? decodePairingSecret(text) : undefined;
}

/** Must match src/features/connect/connection-link.ts: the person a staff link is for. */
export const LINK_STAFF_KEY = 'staff';

/**
 * The person's name of a staff link's `#pair=…&staff=<name>` (docs/protocol.md "Staff links"),
 * cleaned as a shop name is; undefined for a shop link. Shown as plain text only.
 */
export function parseStaffFragment(hash: string): string | undefined {
  return shopNameFromLink(new URLSearchParams(hash.replace(/^#/, '')).get(LINK_STAFF_KEY));
}

/** Where the merchant's profile is looked for: the link's relays, else the device's own. */
export async function profileRelays(
  link: RemoteLinkSettings,
  config: Pick<ConfigStore, 'getRelays'>,
): Promise<string[]> {
  return link.relays.length > 0 ? link.relays : config.getRelays();
}

export interface ResolvedTarget {
  target: RemoteTarget;
  /** the link named a mint the merchant's profile does not list; it is not used */
  linkMintRefused: boolean;
}

/**
 * Where the cashier creates quotes and sends them. The mint comes only from the merchant's
 * signed profile: the link's mint when the profile lists it, else the profile's first
 * (docs/protocol.md "Accepted mints and locking"); undefined without a profile that lists a mint,
 * and the cashier then sells nothing. Relays: the link's, else the profile's, else the device's.
 */
export async function resolveRemoteTarget(
  link: RemoteLinkSettings,
  config: Pick<ConfigStore, 'getRelays'>,
  profile?: MerchantProfile,
): Promise<ResolvedTarget | undefined> {
  const choice = chooseCashierMint(profile, link.mintUrl);
  if (!choice) return undefined;
  let relays = link.relays;
  if (relays.length === 0) relays = profile?.relays.length ? [...new Set(profile.relays)] : [];
  if (relays.length === 0) relays = await config.getRelays();
  const target: RemoteTarget = { mintUrl: normaliseMintInput(choice.mintUrl), relays };
  if (choice.unlockedAllowed) target.allowUnlocked = true;
  // Sales go to the merchant's sales inbox key when its profile names one (decision 0030).
  if (profile?.inbox) target.inboxPubkeyHex = profile.inbox;
  return { target, linkMintRefused: choice.linkMintRefused };
}
