// Builds what the item catalog feeds beyond this till: the catalog the paired cashiers read.
import type { Logger } from '../../core/logger';
import type { Clock } from '../../core/clock';
import { catalogOf } from '../../core/remote-payments/catalog-event';
import { levelOf } from '../../core/items/stock';
import { memberLinkSecret } from '../../core/staff/staff-link';
import { CatalogPublisher } from '../../core/remote-payments/merchant/catalog-publisher';
import type { MerchantProfilePublisher } from '../../core/remote-payments/merchant/profile-publisher';
import { createRelayPool } from '../../core/remote-payments/relay-pool';
import type { Storage as CashewStorage } from '../../storage';

export interface ItemServiceDeps {
  storage: Pick<
    CashewStorage,
    | 'items'
    | 'tips'
    | 'prices'
    | 'merchantTrust'
    | 'config'
    | 'stock'
    | 'books'
    | 'staff'
    | 'tillUnit'
  >;
  getSecretKey: () => Promise<Uint8Array>;
  profile: Pick<MerchantProfilePublisher, 'sync'>;
  logger: Logger;
  clock: Clock;
}

export function createItemServices(deps: ItemServiceDeps): { catalog: CatalogPublisher } {
  const { storage } = deps;
  const catalog = new CatalogPublisher({
    collect: async () => {
      const [items, tips, priceSettings, stock, books, unit] = await Promise.all([
        storage.items.list(),
        storage.tips.get(),
        storage.prices.getSettings(),
        storage.stock.rows(),
        storage.books.get(),
        storage.tillUnit.getTillUnit(),
      ]);
      return catalogOf(items, {
        tips: tips.enabled,
        currency: priceSettings.currency,
        priceUrl: priceSettings.url,
        soldOut: stock.filter((row) => levelOf(row).soldOut).map((row) => row.key),
        discounts: books.discounts === 'anyone',
        // The cashiers sell in the till's unit (decision 0092).
        unit,
      });
    },
    getPairingSecret: () => storage.merchantTrust.getOrCreateSecret(),
    // Each person's live link reads it too (docs/decisions/0083-the-catalog-sealed-per-link.md).
    staffSecrets: async (shop) =>
      (await storage.staff.list()).map((member) => memberLinkSecret(shop, member)),
    getSecretKey: deps.getSecretKey,
    getRelays: () => storage.config.getRelays(),
    createPool: () => createRelayPool(),
    // The profile sync first: it decides whose links (and catalog) these are.
    profileHeld: async () => (await deps.profile.sync()) === 'held',
    published: storage.merchantTrust,
    logger: deps.logger,
    clock: deps.clock,
  });
  return { catalog };
}
