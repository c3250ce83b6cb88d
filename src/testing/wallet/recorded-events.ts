// Test helper: a WalletEvents bus that records every balance update it carries.
import { WalletEvents, type WalletUpdate } from '../../core/events';

export function recordedEvents(): { events: WalletEvents; updates: WalletUpdate[] } {
  const events = new WalletEvents();
  const updates: WalletUpdate[] = [];
  events.onUpdated((u) => updates.push(u));
  return { events, updates };
}
