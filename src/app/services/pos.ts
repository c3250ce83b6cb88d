// The point-of-sale screen's services before the protocol libraries have loaded: the keypad paints
// at once on the light base, and each call waits for the whole set (cashu-ts, Dexie), which starts
// loading once the keypad has painted (calls made as it mounts do not start it sooner). The Items
// side's stores load on their own, light chunk (services/item-stores.ts) when first used.
import type { PosItems, PosServices } from '../../features/pos/deps';
import { DEFAULT_DB_NAME } from '../../storage/db-name';
import { deferredCalls, type ServiceSource } from './deferred';

/** The item, cart and tip stores, loaded once on first use; a failed load is retried next time. */
function itemStoresLoader(source: ServiceSource): () => Promise<PosItems> {
  let loading: Promise<PosItems> | null = null;
  return () => {
    const { dbName, clock } = source.base.storageOptions;
    loading ??= import('./item-stores')
      .then((m) => m.openItemStores(dbName ?? DEFAULT_DB_NAME, clock ?? Date.now))
      .catch((error: unknown) => {
        loading = null;
        throw error;
      });
    return loading;
  };
}

/**
 * PosServices backed by a ServiceSource that may still be loading. Submit awaits the payment
 * service; the balance shows once storage is there; listeners attach as soon as it has loaded and
 * detach whether or not it had by then.
 */
export function deferredPosServices(source: ServiceSource): PosServices {
  const { events, logger } = source.base;
  const { call, fire, listen } = deferredCalls(() => source.afterFirstPaint());
  const stores = deferredCalls(itemStoresLoader(source)).call;
  return {
    events,
    logger,
    storage: {
      proofs: {
        // ProofStore.balance never rejects (0 on a failed read); neither does this.
        balance: () =>
          call((services) => services.storage.proofs.balance()).catch((error: unknown) => {
            logger.error('Could not load the wallet to read the balance', error);
            return 0;
          }),
      },
    },
    // Asked after the keypad's first paint (features/pos/use-fiat-entry.tsx), never before it.
    prices: {
      current: (options) => call((services) => services.prices.current(options)),
      acceptNewPrice: (price) => call((services) => services.prices.acceptNewPrice(price)),
      keepSatsOnly: () => call((services) => services.prices.keepSatsOnly()),
    },
    // Opening Items waits for Dexie only, not for the protocol libraries.
    items: {
      items: { list: () => stores((items) => items.items.list()) },
      carts: {
        get: (id) => stores((items) => items.carts.get(id)),
        put: (cart) => stores((items) => items.carts.put(cart)),
        remove: (id) => stores((items) => items.carts.remove(id)),
        parked: () => stores((items) => items.carts.parked()),
        park: (label, id) => stores((items) => items.carts.park(label, id)),
        recall: (id, swapId) => stores((items) => items.carts.recall(id, swapId)),
      },
      tips: { get: () => stores((items) => items.tips.get()) },
      // After the keypad's first paint: loading the chunk and opening the connection as Home
      // mounts ran between its commit and that paint (docs/performance.md "Cart of 500 items").
      warm: () =>
        source
          .firstPaint()
          .then(() => stores((items) => items.warm?.()))
          .catch(() => {}),
    },
    // Home's Receipt and automatic printing: only after a sale, so never before the first paint.
    receipts: {
      store: {
        autoPrint: () => call((services) => services.storage.receiptPrint.autoPrint()),
        saleByKey: (key) => call((services) => services.storage.receiptPrint.saleByKey(key)),
        claimPrint: (saleId) =>
          call((services) => services.storage.receiptPrint.claimPrint(saleId)),
      },
      sources: {
        shopName: () => call((services) => services.storage.config.getShopName()),
        historyRange: {
          range: (from, to, cursor, limit) =>
            call((services) => services.storage.historyRange.range(from, to, cursor, limit)),
        },
        // Read when a receipt is, not here: the first screens are built before storage options.
        clock: () => (source.base.storageOptions?.clock ?? Date.now)(),
      },
    },
    ecashRequests: {
      forQuote: (quote) => call((services) => services.saleRequests.forQuote(quote)),
    },
    ecash: {
      receiveToken: (token, amount, fiat) =>
        call((services) => services.ecash.receiveToken(token, amount, fiat)),
      onLanded: (listener) => listen((services) => services.ecash.onLanded(listener)),
    },
    payments: {
      createInvoice: (amount, options) =>
        call((services) => services.payments.createInvoice(amount, options)),
      amountLimits: () => call((services) => services.payments.amountLimits()),
      // Asked once the keypad is idle (features/pos/HomeScreen.tsx); never rejects.
      prepareInvoices: () =>
        call((services) => services.payments.prepareInvoices()).catch(() => {}),
      // Read once the services are there; a failed load means no line, never an error.
      latestWaiting: () =>
        call((services) => services.payments.latestWaiting()).catch((error: unknown) => {
          logger.warn('Could not read the invoice still waiting', error);
          return null;
        }),
      setForeground: (quote) => fire((services) => services.payments.setForeground(quote)),
      setShown: (quote) => fire((services) => services.payments.setShown(quote)),
      onSettled: (listener) => listen((services) => services.payments.onSettled(listener)),
      onFailed: (listener) => listen((services) => services.payments.onFailed(listener)),
      onQuoteHealth: (listener) => listen((services) => services.payments.onQuoteHealth(listener)),
    },
  };
}
