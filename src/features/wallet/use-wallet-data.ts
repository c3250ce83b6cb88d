// Balance, one history page and pending withdrawals; reloaded on page change, Refresh and updates.
import { useCallback, useEffect, useState } from 'react';
import { HISTORY_PAGE_SIZE, type HistoryPage, type PendingWithdrawal } from '../../core/ports';
import type { WalletServices } from './deps';

export interface WalletData {
  loading: boolean;
  /** 0 when the read failed (with `failed` set so the screen says so) */
  balance: number;
  history: HistoryPage;
  pending: PendingWithdrawal[];
  failed: boolean;
  /** unspent sats per mint URL as stored (mints with a balance only) */
  balances: Record<string, number>;
  /** the configured mint ('' until read) */
  currentMint: string;
  /** current mint: sats a new withdrawal may take, and sats inside pending tokens */
  available: number;
  pendingSats: number;
}

const emptyPage = (page: number): HistoryPage => ({
  events: [],
  total: 0,
  page,
  pageSize: HISTORY_PAGE_SIZE,
});

export function totalPages(total: number, pageSize = HISTORY_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export function useWalletData(services: WalletServices, page: number) {
  const { storage, withdraw, events, logger } = services;
  // `key` names the request the data answers; loading = the current request is not answered yet.
  const [data, setData] = useState<Omit<WalletData, 'loading'> & { key: string | null }>({
    key: null,
    balance: 0,
    history: emptyPage(page),
    pending: [],
    failed: false,
    balances: {},
    currentMint: '',
    available: 0,
    pendingSats: 0,
  });
  const [reloads, setReloads] = useState(0);
  const reload = useCallback(() => setReloads((n) => n + 1), []);

  useEffect(() => events.onUpdated(reload), [events, reload]);

  useEffect(() => {
    let active = true;
    const key = `${page}:${reloads}`;
    void (async () => {
      // Each read fails on its own: a broken history must not hide the balance.
      const [balance, history, pending, balances, currentMint, availability] =
        await Promise.allSettled([
          storage.proofs.balance(),
          storage.history.page(page, HISTORY_PAGE_SIZE),
          withdraw.listPending(),
          storage.proofs.balancesByMint(),
          storage.config.getMintUrl(),
          withdraw.availability(),
        ]);
      if (!active) return;
      const failures = [balance, history, pending, balances, currentMint, availability].filter(
        (r) => r.status === 'rejected',
      );
      for (const failure of failures) logger.error('Failed to load wallet data:', failure.reason);
      setData({
        key,
        balance: balance.status === 'fulfilled' ? balance.value : 0,
        history: history.status === 'fulfilled' ? history.value : emptyPage(page),
        pending: pending.status === 'fulfilled' ? pending.value : [],
        failed: failures.length > 0,
        balances: balances.status === 'fulfilled' ? balances.value : {},
        currentMint: currentMint.status === 'fulfilled' ? currentMint.value : '',
        available: availability.status === 'fulfilled' ? availability.value.available : 0,
        pendingSats: availability.status === 'fulfilled' ? availability.value.pending : 0,
      });
    })();
    return () => {
      active = false;
    };
  }, [storage, withdraw, logger, page, reloads]);

  const { key, ...loaded } = data;
  return { ...loaded, loading: key !== `${page}:${reloads}`, reload };
}
