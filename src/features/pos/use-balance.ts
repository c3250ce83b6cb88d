// The wallet balance for the point-of-sale header, in the till unit: read on mount and on every 'wallet:updated'.
import { useEffect, useState } from 'react';
import type { TillBalance } from '../../core/settings/till-unit';
import type { PosServices } from './deps';

/**
 * The unspent total in the till unit (sats, or one fiat unit's minor units: never the two added;
 * decision 0067), or null until the first read finishes.
 */
export function useBalance(services: Pick<PosServices, 'storage' | 'events'>): TillBalance | null {
  const { storage, events } = services;
  const [balance, setBalance] = useState<TillBalance | null>(null);

  useEffect(() => {
    let active = true;
    // Reads can finish out of order; only the newest one may set the value.
    let latest = 0;
    const load = () => {
      const ticket = ++latest;
      void storage.tillBalance().then((next) => {
        if (active && ticket === latest) setBalance(next);
      });
    };
    load();
    const off = events.onUpdated(load);
    return () => {
      active = false;
      off();
    };
  }, [storage, events]);

  return balance;
}
