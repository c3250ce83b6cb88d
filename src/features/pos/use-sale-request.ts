// The NUT-18 request beside the invoice on screen: asked for once per invoice; a failure only
// leaves the invoice as Lightning alone (logged), never an error on the keypad.
import { useEffect, useState } from 'react';
import type { Logger } from '../../core/logger';
import type { PendingMintQuote } from '../../core/wallet/mint/ports';
import type { PosServices } from './deps';

export interface ShownSaleRequest {
  creqA: string;
  creqB: string;
}

export function useSaleRequest(
  requests: PosServices['ecashRequests'],
  quote: PendingMintQuote | null,
  logger: Logger,
): ShownSaleRequest | null {
  const [shown, setShown] = useState<{ quote: string; request: ShownSaleRequest } | null>(null);
  useEffect(() => {
    if (!requests || !quote) return;
    let live = true;
    requests.forQuote(quote).then(
      (request) => {
        if (live && request) {
          setShown({ quote: quote.quote, request: { creqA: request.creqA, creqB: request.creqB } });
        }
      },
      (error: unknown) => logger.warn('Could not make the ecash payment request', error),
    );
    return () => {
      live = false;
    };
  }, [requests, quote, logger]);
  return shown && quote && shown.quote === quote.quote ? shown.request : null;
}
