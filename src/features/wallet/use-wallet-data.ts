// Balance, one history page and pending withdrawals; reloaded on page change, Refresh and updates.
import { useCallback, useEffect, useRef, useState } from 'react';
import { HISTORY_PAGE_SIZE, type HistoryPage } from '../../core/history-ports';
import { type PendingWithdrawal } from '../../core/wallet/withdraw/ports';
import type { UnitBalance } from '../../core/wallet/proof-ports';
import { SAT, type Unit } from '../../core/units/unit';
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
  /** every unit's unspent total per mint (sats included), never summed across units */
  unitBalances: UnitBalance[];
  /** the configured mint ('' until read) */
  currentMint: string;
  /** the unit the till charges in, which the headline leads with (sat until read, or without a store) */
  tillUnit: Unit;
  /** current mint: sats a new withdrawal may take, and sats inside pending tokens */
  available: number;
  pendingSats: number;
  /** current mint: sats the mint holds pending for someone else's payment (not spendable) */
  atMint: number;
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

type LoadedData = Omit<WalletData, 'loading'>;

/** What the reads need: the screen's services minus the actions. */
type WalletReads = Pick<WalletServices, 'storage' | 'withdraw' | 'logger'>;

/** One page's reads, started together; never rejects (each read fails on its own, logged). */
async function readWalletData(services: WalletReads, page: number): Promise<LoadedData> {
  const { storage, withdraw, logger } = services;
  // Each read fails on its own: a broken history must not hide the balance.
  const [balance, history, pending, balances, currentMint, availability, units, tillUnit] =
    await Promise.allSettled([
      storage.proofs.balance(),
      storage.history.page(page, HISTORY_PAGE_SIZE),
      withdraw.listPending(),
      storage.proofs.balancesByMint(),
      storage.config.getMintUrl(),
      withdraw.availability(),
      storage.proofs.unitBalances?.() ?? Promise.resolve([]),
      storage.tillUnit?.getTillUnit() ?? Promise.resolve(SAT),
    ] as const);
  const failures = [
    balance,
    history,
    pending,
    balances,
    currentMint,
    availability,
    units,
    tillUnit,
  ].filter((r) => r.status === 'rejected');
  for (const failure of failures) logger.error('Failed to load wallet data:', failure.reason);
  return {
    balance: balance.status === 'fulfilled' ? balance.value : 0,
    history: history.status === 'fulfilled' ? history.value : emptyPage(page),
    pending: pending.status === 'fulfilled' ? pending.value : [],
    failed: failures.length > 0,
    balances: balances.status === 'fulfilled' ? balances.value : {},
    unitBalances: units.status === 'fulfilled' ? units.value : [],
    currentMint: currentMint.status === 'fulfilled' ? currentMint.value : '',
    tillUnit: tillUnit.status === 'fulfilled' ? tillUnit.value : SAT,
    available: availability.status === 'fulfilled' ? availability.value.available : 0,
    pendingSats: availability.status === 'fulfilled' ? availability.value.pending : 0,
    atMint: availability.status === 'fulfilled' ? availability.value.atMint : 0,
  };
}

/**
 * The first page's reads, done before the screen mounts (the route starts them once the services
 * are loaded), so its first render shows them: no render of an empty wallet, no read waiting for
 * the paint after it. Used by one mount only; a wallet update since the reads started makes the
 * screen read again.
 */
export interface FirstWalletRead {
  /** The data, once; null on later calls or when a wallet update came since the reads started. */
  take(): LoadedData | null;
  /** Stops listening; true when a wallet update came since the reads started. */
  release(): boolean;
}

export async function startFirstWalletRead(
  services: WalletReads & Pick<WalletServices, 'events'>,
): Promise<FirstWalletRead> {
  let updated = false;
  let taken = false;
  const off = services.events.onUpdated(() => {
    updated = true;
  });
  const data = await readWalletData(services, 1);
  return {
    take() {
      if (taken || updated) return null;
      taken = true;
      return data;
    },
    release() {
      off();
      return updated;
    },
  };
}

/** `first`: the first page already read (startFirstWalletRead); omitted, the mount reads it. */
export function useWalletData(services: WalletServices, page: number, first?: FirstWalletRead) {
  const { storage, withdraw, events, logger } = services;
  const [prefilled] = useState(() => (page === 1 ? (first?.take() ?? null) : null));
  // `key` names the request the data answers; loading = the current request is not answered yet.
  const [data, setData] = useState<LoadedData & { key: string | null }>(() =>
    prefilled
      ? { key: `${page}:0`, ...prefilled }
      : {
          key: null,
          balance: 0,
          history: emptyPage(page),
          pending: [],
          failed: false,
          balances: {},
          unitBalances: [],
          currentMint: '',
          tillUnit: SAT,
          available: 0,
          pendingSats: 0,
          atMint: 0,
        },
  );
  const [reloads, setReloads] = useState(0);
  const reload = useCallback(() => setReloads((n) => n + 1), []);
  // The mount's read is skipped when the first page came read; a later run reads as before.
  const skipRead = useRef(prefilled !== null);
  const firstRead = useRef(first);

  useEffect(() => {
    const off = events.onUpdated(reload);
    // An update between the first read and this subscription: read again.
    if (firstRead.current?.release()) reload();
    firstRead.current = undefined;
    return off;
  }, [events, reload]);

  useEffect(() => {
    if (skipRead.current) {
      skipRead.current = false;
      return;
    }
    let active = true;
    const key = `${page}:${reloads}`;
    void readWalletData({ storage, withdraw, logger }, page).then((loaded) => {
      if (active) setData({ key, ...loaded });
    });
    return () => {
      active = false;
    };
  }, [storage, withdraw, logger, page, reloads]);

  const { key, ...loaded } = data;
  return { ...loaded, loading: key !== `${page}:${reloads}`, reload };
}
