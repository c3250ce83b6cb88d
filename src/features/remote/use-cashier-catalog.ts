// The merchant's catalog for this link (items, tips, currency), followed while the link is open,
// and the price of its display currency from the merchant's price source
// (docs/protocol.md "The cashier's catalog").
import { useEffect, useMemo, useState } from 'react';
import type { PriceUsed } from '../../core/items/cart';
import type { Logger } from '../../core/logger';
import { createRelayPool, watchCatalog, type PublishedCatalog } from '../../core/remote-payments';
import { PriceService, type PriceCache } from '../../core/prices/price-service';
import type { RemoteServices } from './deps';

export function useCashierCatalog(
  services: RemoteServices,
  merchantPubkeyHex: string,
  relays: string[],
  pairingSecret: Uint8Array | undefined,
): PublishedCatalog | undefined {
  const [catalog, setCatalog] = useState<PublishedCatalog | undefined>(undefined);
  useEffect(() => {
    // Unpaired links get no catalog: it is encrypted to the pairing secret.
    if (!pairingSecret) return;
    const pool = (services.createRelayPool ?? createRelayPool)();
    const watch = () =>
      watchCatalog({ pool, relays, merchantPubkeyHex, pairingSecret, onCatalog: setCatalog });
    let watching = watch();
    // A device that slept may have lost its relay connections: back in view, it asks again.
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      watching.close();
      watching = watch();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      watching.close();
      pool.destroy();
    };
  }, [services, merchantPubkeyHex, relays, pairingSecret]);
  return catalog;
}

/** The merchant's price settings, kept in memory: the cashier stores nothing of the merchant's. */
function memoryPriceService(currency: string, url: string, logger: Logger): PriceService {
  let cache: PriceCache | undefined;
  return new PriceService({
    store: {
      getSettings: async () => ({ currency, url }),
      saveSettings: async () => {},
      getCache: async () => cache,
      putCache: async (next) => {
        cache = next;
      },
    },
    fetch: (target, init) => globalThis.fetch(target, init),
    clock: Date.now,
    logger,
  });
}

/** A price the cashier's screen uses, with the source's time for it (ms): its sales' fiat record. */
export interface CashierPrice extends PriceUsed {
  time: number;
}

/** The catalog currency's price from the merchant's source, while it may be used; else undefined. */
export function useCatalogPrice(
  catalog: PublishedCatalog | undefined,
  logger: Logger,
): CashierPrice | undefined {
  const currency = catalog?.currency ?? null;
  const url = catalog?.priceUrl;
  const prices = useMemo(
    () => (currency && url ? memoryPriceService(currency, url, logger) : undefined),
    [currency, url, logger],
  );
  const [used, setUsed] = useState<CashierPrice | undefined>(undefined);
  useEffect(() => {
    if (!prices) return;
    let active = true;
    const read = () =>
      prices.current().then(
        (view) => {
          // A stale price, a jump or none: sats only, as on the merchant's keypad.
          const usable = view.kind === 'price' && !view.stale;
          if (!active) return;
          setUsed(
            usable ? { currency: view.currency, price: view.price, time: view.time } : undefined,
          );
        },
        (error: unknown) => logger.warn('Could not read the price', error),
      );
    void read();
    const timer = setInterval(() => void read(), 60_000);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, [prices, logger]);
  return used;
}
