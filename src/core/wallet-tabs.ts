// The wallet changed in another tab of this browser (a sale, a cash-out, a state check): each
// tab's 'wallet:updated' is its own, so it is passed on here and this tab's figures read again
// (docs/behaviour.md "Several tabs").
import type { WalletEvents } from './events';
import type { TabChannel } from './tab-channel';

/** The BroadcastChannel the app's tabs pass their wallet updates on. */
export const WALLET_TABS_CHANNEL = 'cashew-pos/wallet';

const MESSAGE_TYPE = 'wallet:updated';

/**
 * Posts every update of this tab's wallet to the others, and emits `{ reason: 'other-tab' }` here
 * for each one another tab posts (never posted on: no echo between tabs). Anything else on the
 * channel is ignored. Returns the function that stops both and closes the channel.
 */
export function shareWalletUpdates(events: WalletEvents, channel: TabChannel): () => void {
  const offLocal = events.onUpdated((update) => {
    if (update.reason !== 'other-tab') channel.post({ type: MESSAGE_TYPE, reason: update.reason });
  });
  const offOthers = channel.listen((data) => {
    if (isWalletMessage(data)) events.emitUpdated({ reason: 'other-tab' });
  });
  return () => {
    offLocal();
    offOthers();
    channel.close();
  };
}

function isWalletMessage(data: unknown): boolean {
  return (
    typeof data === 'object' && data !== null && (data as { type?: unknown }).type === MESSAGE_TYPE
  );
}
