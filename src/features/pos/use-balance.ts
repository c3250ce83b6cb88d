// The wallet balance for the point-of-sale header: read on mount and on every 'wallet:updated'.
import { useEffect, useState } from 'react';
import type { PosServices } from './deps';

/** Sats of unspent proofs, or null until the first read finishes. */
export function useBalance(services: Pick<PosServices, 'storage' | 'events'>): number | null {
  const { storage, events } = services;
  const [balance, setBalance] = useState<number | null>(null);

  useEffect(() => {
    let active = true;
    // Reads can finish out of order; only the newest one may set the value.
    let latest = 0;
    const load = () => {
      const ticket = ++latest;
      // ProofStore.balance never rejects (0 on a failed read).
      void storage.proofs.balance().then((sats) => {
        if (active && ticket === latest) setBalance(sats);
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
