// The merchant's catalog for this link (items, tips, currency), followed while the link is open,
// and the price of its display currency from the merchant's price source
// (docs/protocol.md "The cashier's catalog").
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { PriceUsed } from '../../core/items/cart';
import type { Logger } from '../../core/logger';
import { createRelayPool, watchCatalog, type PublishedCatalog } from '../../core/remote-payments';
import {
  PriceService,
  type PriceCacheStore,
  type PriceView,
} from '../../core/prices/price-service';
import { useTexts, type Translate } from '../../ui/i18n';
import { DECLINED_PRICE_NOTE, JUMP_NOTE } from '../../ui/locales/price-jump-note/en.json';
import { usePriceJump, type HeldJump } from '../../ui/price-jump/use-price-jump';
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

/**
 * The merchant's price settings from its catalog, with this device's last accepted price for that
 * merchant in storage: a reload still measures a jump from it, as the merchant's keypad does
 * (decision 0053).
 */
function cashierPriceService(
  currency: string,
  url: string,
  cache: PriceCacheStore,
  logger: Logger,
): PriceService {
  return new PriceService({
    store: {
      getSettings: async () => ({ currency, url }),
      saveSettings: async () => {},
      getCache: () => cache.getCache(),
      putCache: (next) => cache.putCache(next),
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

export interface CatalogPrice {
  /** the price amounts in the shop's currency are charged at; undefined: sats only */
  used: CashierPrice | undefined;
  /** why the keypad takes sats although the shop has a currency: a jump held or kept out */
  note: string | null;
  /** a jump waiting for the cashier's answer, as on the merchant's keypad */
  held: HeldJump;
}

/** Why a view that names a currency gives no price the keypad may use, when it is a jump. */
function jumpNoteOf(view: PriceView | undefined, t: Translate): string | null {
  if (view?.kind === 'jump') return t(JUMP_NOTE, { percent: view.percent });
  if (view?.kind === 'unavailable' && view.reason === 'declined') return t(DECLINED_PRICE_NOTE);
  return null;
}

/**
 * The catalog currency's price from the merchant's source, while it may be used; a jump from the
 * last price this device accepted for this merchant is held for the cashier to confirm.
 */
export function useCatalogPrice(
  catalog: PublishedCatalog | undefined,
  cache: PriceCacheStore,
  logger: Logger,
): CatalogPrice {
  const t = useTexts();
  const currency = catalog?.currency ?? null;
  const url = catalog?.priceUrl;
  const prices = useMemo(
    () => (currency && url ? cashierPriceService(currency, url, cache, logger) : undefined),
    [currency, url, cache, logger],
  );
  // Read for one service: another currency or source (a new catalog) starts from nothing.
  const [read, setRead] = useState<{ from: PriceService; view: PriceView } | undefined>(undefined);
  // Bumped after the cashier answers a jump, to read the price again at once.
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (!prices) return;
    let active = true;
    const read = () =>
      prices.current().then(
        (next) => {
          if (active) setRead({ from: prices, view: next });
        },
        (error: unknown) => logger.warn('Could not read the price', error),
      );
    void read();
    const timer = setInterval(() => void read(), 60_000);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, [prices, logger, asked]);
  const view = prices && read?.from === prices ? read.view : undefined;
  const answered = useCallback(() => setAsked((n) => n + 1), []);
  const failed = useCallback(
    (error: unknown) => logger.warn('Could not answer the price change', error),
    [logger],
  );
  const held = usePriceJump(view, prices, answered, failed);
  // A stale price, a jump or none: sats only, as on the merchant's keypad.
  const usable = view?.kind === 'price' && !view.stale ? view : undefined;
  const price = usable?.price;
  const time = usable?.time;
  const usedCurrency = usable?.currency;
  const used = useMemo(
    () =>
      price !== undefined && time !== undefined && usedCurrency !== undefined
        ? { currency: usedCurrency, price, time }
        : undefined,
    [usedCurrency, price, time],
  );
  return { used, note: jumpNoteOf(view, t), held };
}
