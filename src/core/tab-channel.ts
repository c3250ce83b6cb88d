// A channel to the app's other windows and tabs of this browser (BroadcastChannel: the app's
// origin only): the customer display (display/channel.ts) and the wallet updates (wallet-tabs.ts).

/** What a window needs of a channel; tests give a memory one. */
export interface TabChannel {
  post: (message: unknown) => void;
  /** every message that arrives, unchecked; returns the unsubscribe */
  listen: (listener: (data: unknown) => void) => () => void;
  close: () => void;
}

/** False in a browser without BroadcastChannel: nothing reaches the other windows. */
export function hasTabChannel(): boolean {
  return typeof BroadcastChannel !== 'undefined';
}

/** The browser's channel of that name; only where `hasTabChannel()`. */
export function openTabChannel(name: string): TabChannel {
  const channel = new BroadcastChannel(name);
  return {
    // A message that cannot be cloned is a bug in the sender, not a reason to stop selling.
    post: (message) => {
      try {
        channel.postMessage(message);
      } catch {
        /* dropped: the other windows keep what they show */
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
