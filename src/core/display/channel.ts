// The one channel between the counter and the customer display: a BroadcastChannel reaches every
// window of this browser on the app's origin and nothing else (docs/decisions/0058-customer-display.md).
import { hasTabChannel, openTabChannel, type TabChannel } from '../tab-channel';
import { DISPLAY_CHANNEL } from './messages';

/** What the counter and the display need of a channel; tests give a memory one. */
export type DisplayChannel = TabChannel;

/** False in a browser without BroadcastChannel (the display says so, the counter sends nothing). */
export const hasDisplayChannel = hasTabChannel;

/** The browser's channel; only where `hasDisplayChannel()`. */
export function openDisplayChannel(): DisplayChannel {
  return openTabChannel(DISPLAY_CHANNEL);
}
