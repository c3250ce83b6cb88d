// Builds the prices: the display currency and its BTC price, cached with its time.
import type { Logger } from '../../core/logger';
import type { Clock } from '../../core/clock';
import { PriceService } from '../../core/prices/price-service';
import type { Storage as CashewStorage } from '../../storage';

export interface PriceServiceDeps {
  storage: Pick<CashewStorage, 'prices'>;
  clock: Clock;
  logger: Logger;
}

export function createPriceServices(deps: PriceServiceDeps): { prices: PriceService } {
  const prices = new PriceService({
    store: deps.storage.prices,
    fetch: (url, init) => globalThis.fetch(url, init),
    clock: deps.clock,
    logger: deps.logger,
  });
  return { prices };
}
