// Wallet updates between tabs: one tab's sale reaches the others once, never echoes back, and
// anything else on the channel changes nothing.
import { describe, expect, it } from 'vitest';
import { memoryChannelHub } from '../testing/display/memory-channel';
import { WalletEvents, type WalletUpdate } from './events';
import { shareWalletUpdates } from './wallet-tabs';

function tab(hub: ReturnType<typeof memoryChannelHub>) {
  const events = new WalletEvents();
  const heard: WalletUpdate[] = [];
  events.onUpdated((update) => heard.push(update));
  const stop = shareWalletUpdates(events, hub.open());
  return { events, heard, stop };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('wallet updates across tabs', () => {
  it('a sale in one tab is heard once in each other tab, and not again in the first', async () => {
    const hub = memoryChannelHub();
    const [a, b, c] = [tab(hub), tab(hub), tab(hub)];
    a.events.emitUpdated({ reason: 'payment', amount: 21 });
    await settled();
    expect(a.heard).toEqual([{ reason: 'payment', amount: 21 }]);
    expect(b.heard).toEqual([{ reason: 'other-tab' }]);
    expect(c.heard).toEqual([{ reason: 'other-tab' }]);
  });

  it('ignores what is not a wallet update', async () => {
    const hub = memoryChannelHub();
    const b = tab(hub);
    const stranger = hub.open();
    for (const junk of [null, 'wallet:updated', 42, { type: 'cart' }, { reason: 'payment' }]) {
      stranger.post(junk);
    }
    await settled();
    expect(b.heard).toEqual([]);
  });

  it('a stopped tab neither posts nor hears', async () => {
    const hub = memoryChannelHub();
    const [a, b] = [tab(hub), tab(hub)];
    b.stop();
    a.events.emitUpdated({ reason: 'cash-out', amount: 100 });
    b.events.emitUpdated({ reason: 'withdrawal' });
    await settled();
    expect(b.heard).toEqual([{ reason: 'withdrawal' }]);
    expect(a.heard).toEqual([{ reason: 'cash-out', amount: 100 }]);
  });
});
