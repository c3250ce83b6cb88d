// A cashier page's last accepted price for one merchant's price source, on this device's config
// table (one row per merchant), so a reload still holds a jump from it (decision 0053).
import type { Clock } from '../../core/clock';
import type { PriceCache, PriceCacheStore } from '../../core/prices/price-service';
import { writeConfigJson } from '../database/config-json';
import type { CashewDb } from '../database/db';
import { readPriceCache } from '../shop/price-store';

/** The config key of one merchant's row; the merchant's own price is under PRICE_CACHE. */
export const cashierPriceKey = (merchantPubkeyHex: string) =>
  `CASHIER_PRICE_CACHE:${merchantPubkeyHex}`;

export class DexieCashierPriceStore implements PriceCacheStore {
  constructor(
    private readonly db: CashewDb,
    private readonly clock: Clock,
    private readonly merchantPubkeyHex: string,
  ) {}

  async getCache(): Promise<PriceCache | undefined> {
    const row = await this.db.config.get(cashierPriceKey(this.merchantPubkeyHex));
    return readPriceCache(row?.value);
  }

  async putCache(cache: PriceCache): Promise<void> {
    await writeConfigJson(this.db, cashierPriceKey(this.merchantPubkeyHex), cache, this.clock());
  }
}
