// The one channel between the counter and the customer display: a BroadcastChannel reaches every
// window of this browser on the app's origin and nothing else (docs/decisions/0058-customer-display.md).
import { DISPLAY_CHANNEL } from './messages';

/** What the counter and the display need of a channel; tests give a memory one. */
export interface DisplayChannel {
  post: (message: unknown) => void;
  /** every message that arrives, unchecked; returns the unsubscribe */
  listen: (listener: (data: unknown) => void) => () => void;
  close: () => void;
}

/** False in a browser without BroadcastChannel (the display says so, the counter sends nothing). */
export function hasDisplayChannel(): boolean {
  return typeof BroadcastChannel !== 'undefined';
}

/** The browser's channel; only where `hasDisplayChannel()`. */
export function openDisplayChannel(): DisplayChannel {
  const channel = new BroadcastChannel(DISPLAY_CHANNEL);
  return {
    // A message that cannot be cloned is a bug in the sender, not a reason to stop selling.
    post: (message) => {
      try {
        channel.postMessage(message);
      } catch {
        /* dropped: the display keeps the last state it had */
      }
    },
    listen: (listener) => {
      const onMessage = (event: MessageEvent) => listener(event.data);
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
    close: () => channel.close(),
  };
}
