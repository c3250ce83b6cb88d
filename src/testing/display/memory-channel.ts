// Channels of one in-memory "browser", for tests: like BroadcastChannel, a message reaches every
// other channel of the same hub, never the one that sent it, and asynchronously.
import type { DisplayChannel } from '../../core/display/channel';

export function memoryChannelHub(): { open: () => DisplayChannel } {
  const listeners = new Map<DisplayChannel, Set<(data: unknown) => void>>();
  return {
    open: () => {
      const own = new Set<(data: unknown) => void>();
      const channel: DisplayChannel = {
        post: (message) => {
          // structuredClone: the receiver gets a copy, as a real channel gives.
          const copy = structuredClone(message);
          for (const [other, set] of listeners) {
            if (other === channel) continue;
            queueMicrotask(() => set.forEach((listener) => listener(copy)));
          }
        },
        listen: (listener) => {
          own.add(listener);
          return () => own.delete(listener);
        },
        close: () => listeners.delete(channel),
      };
      listeners.set(channel, own);
      return channel;
    },
  };
}
