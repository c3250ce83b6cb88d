// Build-time settings (Vite env): default mint, default relays, discovery relays, auditor URL,
// price source URL.

export interface AppSettings {
  /**
   * The build's default mint (docs/behaviour.md "Limits and constants"); written to storage when no
   * mint URL is stored.
   */
  defaultMintUrl: string;
  /** The build's default relay list; written to storage when none is stored. */
  defaultRelays: string[];
  /** Relays queried for NIP-87 mint recommendations (docs/protocol.md "Mint discovery"). */
  discoveryRelays: string[];
  /** Auditor API base URL; empty string means no auditor. */
  auditorUrl: string;
  /** Price source in the shape of mempool's /api/v1/prices, until the merchant sets another. */
  priceUrl: string;
}

export interface AppEnv {
  VITE_DEFAULT_MINT_URL?: string;
  VITE_DEFAULT_RELAYS?: string;
  VITE_DISCOVERY_RELAYS?: string;
  VITE_AUDITOR_URL?: string;
  VITE_PRICE_URL?: string;
}

// Used only when a build sets nothing at all (the committed .env sets the first two).
const fallbackMintUrl = 'https://testnut.cashu.space';
const fallbackRelays = ['wss://relay.damus.io'];
const fallbackAuditorUrl = 'https://api.audit.8333.space';
const fallbackPriceUrl = 'https://mempool.space/api/v1/prices';

/** A JSON list of non-empty strings, or the fallback when the value is missing or malformed. */
export function parseUrlList(value: string | undefined, fallback: string[]): string[] {
  if (value === undefined || value.trim() === '') return fallback;
  try {
    const parsed: unknown = JSON.parse(value);
    if (!Array.isArray(parsed)) return fallback;
    const urls = parsed.filter((item): item is string => typeof item === 'string' && item !== '');
    return urls.length > 0 ? urls : fallback;
  } catch {
    return fallback;
  }
}

export function readAppSettings(env: AppEnv): AppSettings {
  const defaultRelays = parseUrlList(env.VITE_DEFAULT_RELAYS, fallbackRelays);
  return {
    defaultMintUrl: env.VITE_DEFAULT_MINT_URL?.trim() || fallbackMintUrl,
    defaultRelays,
    discoveryRelays: parseUrlList(env.VITE_DISCOVERY_RELAYS, defaultRelays),
    // An explicitly empty value switches the auditor off (tests, offline development).
    auditorUrl:
      env.VITE_AUDITOR_URL === undefined ? fallbackAuditorUrl : env.VITE_AUDITOR_URL.trim(),
    priceUrl: env.VITE_PRICE_URL?.trim() || fallbackPriceUrl,
  };
}
