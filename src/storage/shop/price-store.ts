// PriceStore on Dexie: three config rows, DISPLAY_CURRENCY, PRICE_URL and PRICE_CACHE (the last
// price table with its time), read and written as one.
import type { Clock } from '../../core/clock';
import { isCurrencyCode } from '../../core/prices/currencies';
import type { PriceCache, PriceSettings, PriceStore } from '../../core/prices/price-service';
import { ClockedStore } from '../database/clocked-store';
import type { CashewDb } from '../database/db';
import { writeConfigJson } from '../database/config-json';

export const PRICE_CONFIG_KEYS = {
  currency: 'DISPLAY_CURRENCY',
  url: 'PRICE_URL',
  cache: 'PRICE_CACHE',
} as const;

/** mempool's public price endpoint, when a build sets no VITE_PRICE_URL. */
export const FALLBACK_PRICE_URL = 'https://mempool.space/api/v1/prices';

export function readPriceCache(value: string | undefined): PriceCache | undefined {
  if (!value) return undefined;
  try {
    const parsed = JSON.parse(value) as Partial<PriceCache>;
    if (
      typeof parsed.url !== 'string' ||
      typeof parsed.time !== 'number' ||
      typeof parsed.fetchedAt !== 'number' ||
      typeof parsed.prices !== 'object' ||
      parsed.prices === null
    ) {
      return undefined;
    }
    return parsed as PriceCache;
  } catch {
    return undefined;
  }
}

export class DexiePriceStore extends ClockedStore implements PriceStore {
  constructor(
    db: CashewDb,
    clock: Clock,
    private readonly defaultUrl: string = FALLBACK_PRICE_URL,
  ) {
    super(db, clock);
  }

  async getSettings(): Promise<PriceSettings> {
    const [currency, url] = await this.db.config.bulkGet([
      PRICE_CONFIG_KEYS.currency,
      PRICE_CONFIG_KEYS.url,
    ]);
    return {
      // Anything but a currency code (missing, 'SATS', corrupt) is sats only, the default.
      currency: isCurrencyCode(currency?.value) ? currency.value : null,
      url: url?.value || this.defaultUrl,
    };
  }

  async saveSettings(settings: PriceSettings): Promise<void> {
    const updatedAt = this.clock();
    await this.db.config.bulkPut([
      { key: PRICE_CONFIG_KEYS.currency, value: settings.currency ?? 'SATS', updatedAt },
      { key: PRICE_CONFIG_KEYS.url, value: settings.url, updatedAt },
    ]);
  }

  async getCache(): Promise<PriceCache | undefined> {
    return readPriceCache((await this.db.config.get(PRICE_CONFIG_KEYS.cache))?.value);
  }

  async putCache(cache: PriceCache): Promise<void> {
    await writeConfigJson(this.db, PRICE_CONFIG_KEYS.cache, cache, this.clock());
  }
}
