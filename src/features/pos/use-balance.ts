// The wallet balance for the point-of-sale header, in the till unit: read on mount and on every 'wallet:updated'.
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type { StoredBalances, WalletUpdate } from '../../core/events';
import type { TillBalance } from '../../core/settings/till-unit';
import type { PosServices } from './deps';

/** The till unit's figure among a payment's stored totals, or undefined when it has none to give. */
function fromStored(update: WalletUpdate, shown: TillBalance | null): TillBalance | undefined {
  if (update.reason !== 'payment' || !shown) return undefined;
  const balances: StoredBalances | undefined = update.balances;
  if (!balances) return undefined;
  return { unit: shown.unit, minor: balances[shown.unit] ?? 0, decimals: shown.decimals };
}

const same = (a: TillBalance | null, b: TillBalance) =>
  a !== null && a.unit === b.unit && a.minor === b.minor && a.decimals === b.decimals;

/**
 * The unspent total in the till unit (sats, or one fiat unit's minor units: never the two added;
 * decision 0067), or null until the first read finishes. A stored payment that carries its totals
 * (read in the transaction that stored it, after it committed) is shown at once, in this turn;
 * the read that follows it confirms it (or brings a till unit another tab changed).
 */
export function useBalance(services: Pick<PosServices, 'storage' | 'events'>): TillBalance | null {
  const { storage, events } = services;
  const [balance, setBalance] = useState<TillBalance | null>(null);

  useEffect(() => {
    let active = true;
    // Reads can finish out of order; only the newest one may set the value.
    let latest = 0;
    let shown: TillBalance | null = null;
    const show = (next: TillBalance) => {
      shown = next;
      setBalance((current) => (same(current, next) ? current : next));
    };
    const load = () => {
      const ticket = ++latest;
      void storage.tillBalance().then((next) => {
        if (active && ticket === latest) show(next);
      });
    };
    load();
    const off = events.onUpdated((update) => {
      const stored = fromStored(update, shown);
      if (stored) {
        // A read started before this payment must not put the older figure back.
        latest += 1;
        // Rendered now, ahead of the closing invoice and the keypad's reset, so the sale's
        // balance is in the frame that shows it (docs/performance.md "Taps").
        flushSync(() => show(stored));
      }
      load();
    });
    return () => {
      active = false;
      off();
    };
  }, [storage, events]);

  return balance;
}
