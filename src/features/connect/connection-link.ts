// The connection link a cashier device opens:
// {origin}/remote/{npub}?mint=...&relay=...&relay=...&shop=...#pair=<pairing secret>
import { withoutTrailingSlashes } from '../../core/urls/trailing-slashes';
import { LINK_PAIRING_KEY } from '../../core/remote-payments/pairing';

/**
 * Query parameter names shared with the cashier page (src/features/remote/remote-link.ts reads
 * them; features may not import each other, so both sides pin them in tests).
 */
export const LINK_MINT_PARAM = 'mint';
export const LINK_RELAY_PARAM = 'relay';
export const LINK_SHOP_PARAM = 'shop';
/** The fragment's name of the person a staff link is for (docs/protocol.md "Staff links"). */
export const LINK_STAFF_KEY = 'staff';

export interface ConnectionLinkInput {
  /** e.g. window.location.origin; a trailing slash is dropped */
  origin: string;
  npub: string;
  mintUrl?: string;
  relays?: readonly string[];
  /** the shop's name from Settings; the cashier's heading shows it instead of the npub */
  shopName?: string;
  /** the pairing secret, encoded (encodePairingSecret); it rides in the fragment */
  pairing?: string;
  /** a person's link: their name rides in the fragment beside their own secret */
  staffName?: string;
}

/**
 * The full link. The merchant's mint and relays travel in the query, so a cashier device with no
 * settings of its own creates quotes at the right mint and reaches the merchant's relays. One
 * `relay` parameter per relay: relay URLs may contain any character, a separator would not do.
 */
export function buildConnectionLink({
  origin,
  npub,
  mintUrl,
  relays = [],
  shopName,
  pairing,
  staffName,
}: ConnectionLinkInput) {
  const params = new URLSearchParams();
  const mint = mintUrl?.trim();
  if (mint) params.append(LINK_MINT_PARAM, mint);
  for (const relay of relays) {
    const trimmed = relay.trim();
    if (trimmed) params.append(LINK_RELAY_PARAM, trimmed);
  }
  const shop = shopName?.trim();
  if (shop) params.append(LINK_SHOP_PARAM, shop);
  const query = params.toString();
  const base = `${withoutTrailingSlashes(origin)}/remote/${encodeURIComponent(npub)}`;
  const link = query ? `${base}?${query}` : base;
  // The fragment never reaches a server (docs/protocol.md "Pairing").
  if (!pairing) return link;
  const who = staffName?.trim();
  const staff = who ? `&${LINK_STAFF_KEY}=${encodeURIComponent(who)}` : '';
  return `${link}#${LINK_PAIRING_KEY}=${pairing}${staff}`;
}
