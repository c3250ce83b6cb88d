// The Wallet's rows of sales taken while the mint could not be reached (docs/behaviour.md
// "Wallet"): each waiting for its swap, redeemed, or refused by the mint with its ecash kept.
import { useCallback, useState } from 'react';
import { useWatchedRead } from '../../ui/use-read';
import type { WalletUpdateListener } from '../../core/events';
import type { Logger } from '../../core/logger';
import type { OfflineSaleView } from '../../core/wallet/ecash/offline/offline-ecash';
import { Card } from '../../ui/Card';
import { useWalletWords } from './wallet-words';
import {
  OFFLINE_SALES_REDEEMED,
  OFFLINE_SALES_REFUSED,
  OFFLINE_SALES_TITLE,
  OFFLINE_SALES_WAITING,
} from './locales/offline-sales/en.json';

export interface OfflineSalesService {
  /** newest first, with where each stands */
  list(limit?: number): Promise<OfflineSaleView[]>;
}

/** The latest few: older offline sales are in the history once redeemed. */
const SHOWN = 10;

export function OfflineSales({
  service,
  events,
  logger,
}: {
  service: OfflineSalesService;
  events: { onUpdated(listener: WalletUpdateListener): () => void };
  logger: Logger;
}) {
  const { t, sats } = useWalletWords();
  const [rows, setRows] = useState<OfflineSaleView[]>([]);

  const read = useCallback(() => service.list(SHOWN), [service]);
  const watch = useCallback((changed: () => void) => events.onUpdated(changed), [events]);
  useWatchedRead(read, watch, setRows, (error) =>
    logger.error('Could not read the sales taken offline', error),
  );

  if (rows.length === 0) return null;
  const stateOf = (row: OfflineSaleView) => {
    switch (row.status.state) {
      case 'waiting':
        return t(OFFLINE_SALES_WAITING);
      case 'redeemed':
        return t(OFFLINE_SALES_REDEEMED);
      case 'refused':
        return t(OFFLINE_SALES_REFUSED, { reason: row.status.reason });
    }
  };
  return (
    <Card gap={2} titleId="offline-sales" title={t(OFFLINE_SALES_TITLE)} testId="offline-sales">
      <ul className="space-y-2">
        {rows.map((row) => (
          <li key={row.id} className="space-y-1 text-sm" data-state={row.status.state}>
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="whitespace-nowrap font-medium tabular-nums text-slate-900">
                {sats(row.amount)}
              </span>
              <span className="text-slate-600">{new Date(row.takenAt).toLocaleString()}</span>
            </div>
            <p className="text-slate-700">{stateOf(row)}</p>
          </li>
        ))}
      </ul>
    </Card>
  );
}
