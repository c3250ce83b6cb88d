// NUT-17 subscriptions on the shared socket of a cashu-ts Mint: offer check, connect, close once.
import type { Mint, RpcSubKinds, WebSocketSupport } from '@cashu/cashu-ts';
import type { Logger } from '../../logger';

export interface MintSubscription<T> {
  kind: RpcSubKinds;
  /** one subscription per filter list (mints cap the filters of one) */
  filters: string[][];
  /** whether one NUT-17 entry of the mint's info offers this kind */
  offered: (support: WebSocketSupport) => boolean;
  /** the error when the mint offers no such subscription */
  unavailable: string;
  /** the update a payload carries; undefined drops it */
  parse: (payload: unknown) => T | undefined;
  /** names the watch in debug logs */
  name: string;
}

/**
 * Resolves with the unsubscribe function once subscribed; rejects when the mint offers no such
 * subscription or the socket cannot open. `onClosed` fires at most once, when the socket dies or a
 * subscription fails after subscribing; no update is delivered after it or after unsubscribing.
 */
export async function subscribeOnMint<T>(
  mint: Mint,
  subscription: MintSubscription<T>,
  onUpdate: (update: T) => void,
  onClosed: (error?: Error) => void,
  logger: Logger,
): Promise<() => void> {
  const info = await mint.getLazyMintInfo();
  const nut17 = info.isSupported(17);
  if (!nut17.supported || !nut17.params?.some(subscription.offered)) {
    throw new Error(subscription.unavailable);
  }
  await mint.connectWebSocket();
  const socket = mint.webSocketConnection;
  if (!socket) throw new Error('Failed to connect to WebSocket...');
  let over = false;
  const close = (error?: Error) => {
    if (over) return;
    over = true;
    onClosed(error);
  };
  socket.onClose(() => close());
  const callback = (payload: unknown) => {
    if (over) return;
    const update = subscription.parse(payload);
    if (update !== undefined) onUpdate(update);
  };
  const ids = subscription.filters.map((filters) =>
    socket.createSubscription({ kind: subscription.kind, filters }, callback, (error: Error) =>
      close(error),
    ),
  );
  return () => {
    over = true;
    for (const id of ids) {
      try {
        socket.cancelSubscription(id, callback);
      } catch (error) {
        logger.debug(`${subscription.name}: cancel subscription failed`, error);
      }
    }
  };
}
