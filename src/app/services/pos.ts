// The point-of-sale screen's services before the protocol libraries have loaded: the keypad paints
// at once on the light base, and each call waits for the whole set (cashu-ts, Dexie), which starts
// loading once the keypad has painted (calls made as it mounts do not start it sooner). The Items
// side's stores (services/item-stores.ts) load in their own light chunk, the named `stores` one
// (docs/decisions/0105-named-chunks-beyond-the-entry.md), when first used.
import type { PosItems, PosServices } from '../../features/pos/deps';
import { DEFAULT_DB_NAME } from '../../storage/database/db-name';
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
 * PosServices backed by a ServiceSource that may still be loading. Every method forwards to the
 * loaded service (deferredCalls `methods`); these differ: the balance reads 0 sats on a failed
 * load, foreground changes are fired, listeners attach as soon as it has loaded and detach whether
 * or not it had by then.
 */
export function deferredPosServices(source: ServiceSource): PosServices {
  const { events, logger } = source.base;
  const { call, methods, fire, listen } = deferredCalls(() => source.afterFirstPaint());
  const stores = deferredCalls(itemStoresLoader(source));
  return {
    events,
    logger,
    storage: {
      // In the till unit (decision 0067); sats (0) when the wallet cannot be loaded, never a rejection.
      tillBalance: () =>
        call((services) => services.storage.tillUnit.tillBalance()).catch((error: unknown) => {
          logger.error('Could not load the wallet to read the balance', error);
          return { unit: 'sat' as const, minor: 0, decimals: 0 };
        }),
    },
    // Asked after the keypad's first paint (features/pos/use-fiat-entry.tsx), never before it.
    prices: methods((services) => services.prices, ['current', 'acceptNewPrice', 'keepSatsOnly']),
    // Opening Items waits for Dexie only, not for the protocol libraries.
    items: {
      items: stores.methods((items) => items.items, ['list']),
      carts: stores.methods(
        (items) => items.carts,
        ['get', 'put', 'remove', 'parked', 'park', 'recall'],
      ),
      tips: stores.methods((items) => items.tips, ['get']),
      books: stores.methods((items) => items.books!, ['get']),
      stock: {
        ...stores.methods((items) => items.stock!, ['rows']),
        watch: (listener, onError) =>
          stores.listen((items) => items.stock!.watch(listener, onError)),
      },
      // Asked only as a discount is given, long after the first paint.
      discountPin: {
        open: () =>
          call(async (services) => {
            await services.lock.init();
            return services.lock.gateOpen();
          }),
        enter: (pin) => call((services) => services.lock.openGate(pin)),
        waitMs: () => call((services) => services.lock.waitMs()),
      },
      // After the keypad's first paint: loading the chunk and opening the connection as Home
      // mounts ran between its commit and that paint (docs/performance.md "Cart of 500 items").
      warm: () =>
        source
          .firstPaint()
          .then(() => stores.call((items) => items.warm?.()))
          .catch(() => {}),
    },
    // Home's Receipt and automatic printing: only after a sale, so never before the first paint.
    receipts: {
      store: methods(
        (services) => services.storage.receiptPrint,
        ['autoPrint', 'saleByKey', 'claimPrint'],
      ),
      sources: {
        shopName: () => call((services) => services.storage.config.getShopName()),
        shopDetails: () => call((services) => services.storage.books.get()),
        historyRange: methods((services) => services.storage.historyRange, ['range']),
        // Read when a receipt is, not here: the first screens are built before storage options.
        clock: () => (source.base.storageOptions?.clock ?? Date.now)(),
      },
    },
    cardTaps: methods((services) => services.cardTaps, ['payFromCard']),
    ecashRequests: methods((services) => services.saleRequests, ['forQuote']),
    staff: {
      till: methods(
        (services) => services.staff,
        ['list', 'current', 'switchTo', 'switchToOwner', 'asksPin', 'recordsCash'],
      ),
      cash: methods((services) => services.storage.history, ['addCashSale']),
    },
    ecash: {
      ...methods((services) => services.ecash, ['receiveToken']),
      onLanded: (listener) => listen((services) => services.ecash.onLanded(listener)),
      offlineRequest: (amount) =>
        call(async (services) =>
          services.offlineEcash.request(await services.storage.config.getMintUrl(), amount),
        ),
    },
    payments: {
      ...methods((services) => services.payments, ['createInvoice', 'amountLimits']),
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
