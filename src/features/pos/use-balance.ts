// The wallet balance for the point-of-sale header: read on mount and on every 'wallet:updated'.
import { useCallback, useState } from 'react';
import { useWatchedRead } from '../../ui/use-read';
import type { PosServices } from './deps';

/** Sats of unspent proofs, or null until the first read finishes. */
export function useBalance(services: Pick<PosServices, 'storage' | 'events'>): number | null {
  const { storage, events } = services;
  const [balance, setBalance] = useState<number | null>(null);

  const read = useCallback(() => storage.proofs.balance(), [storage]);
  const watch = useCallback((changed: () => void) => events.onUpdated(changed), [events]);
  // ProofStore.balance never rejects (0 on a failed read).
  useWatchedRead(read, watch, setBalance, () => {});

  return balance;
}
