// The cashier's sales list kept going for as long as a page shows it: loaded and resumed on
// mount, sales waiting to be sent tried at once when the browser says the network is back, all
// stopped on unmount; and the list alone, without a till, for a page that cannot sell right now
// (docs/behaviour.md "Remote cashier").
import { useEffect, useMemo, useState } from 'react';
import {
  createRelayPool,
  RemoteCashier,
  type CashierSale,
  type RemoteTarget,
} from '../../core/remote-payments';
import { MissingDataError } from '../../core/errors';
import type { RemoteServices } from './deps';

export function useCashierSales(cashier: RemoteCashier): CashierSale[] {
  const [sales, setSales] = useState<CashierSale[]>([]);
  useEffect(() => {
    const offSales = cashier.onSalesChanged(setSales);
    void cashier.start();
    const online = () => cashier.sendWaitingNow();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      offSales();
      cashier.stop();
    };
  }, [cashier]);
  return sales;
}

/**
 * The sales this device already made for the merchant, re-sent until their receipts, while the
 * page cannot read the merchant's profile (the relays are gone): it makes no new sale.
 */
export function useCashierBacklog(
  services: RemoteServices,
  merchantPubkeyHex: string,
): CashierSale[] {
  const { storage, wallets, logger } = services;
  const makePool = services.createRelayPool ?? createRelayPool;
  const cashier = useMemo(
    () =>
      new RemoteCashier({
        merchantPubkeyHex,
        target: (): Promise<RemoteTarget> =>
          Promise.reject(new MissingDataError('No sale without the merchant’s profile')),
        wallets,
        createPool: () => makePool(),
        sales: storage.cashierSales,
        logger,
      }),
    [merchantPubkeyHex, wallets, makePool, storage.cashierSales, logger],
  );
  return useCashierSales(cashier);
}
