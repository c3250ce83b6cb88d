// The cashier side of the connection link: the merchant's mint, relays and shop name from its
// query string.
import type { ConfigStore } from '../../core/ports';
import type { RemoteTarget } from '../../core/remote-payments';
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
 * Where the cashier creates quotes and sends them: the link's values, else the device's stored
 * settings (which fall back to the build defaults), each chosen on its own.
 */
export async function resolveRemoteTarget(
  link: RemoteLinkSettings,
  config: Pick<ConfigStore, 'getMintUrl' | 'getRelays'>,
): Promise<RemoteTarget> {
  const mintUrl = link.mintUrl ?? (await config.getMintUrl());
  const relays = link.relays.length > 0 ? link.relays : await config.getRelays();
  return { mintUrl, relays };
}
