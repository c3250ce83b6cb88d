// Receipts on real dev relays when a relay is down as the cashier starts listening: once it is
// back, the merchant's receipt stored only there still reaches the sale, whether the other relay
// served all along or there was no other.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateSecretKey } from 'nostr-tools/pure';
import { startRelay, type DevRelay } from '../../../../dev/relay/server.ts';
import { nodePoolOptions } from '../../../testing/backup/relay-backup';
import {
  awaitedSale,
  receiptListening,
  wrappedReceipt,
} from '../../../testing/remote-payments/receipt-listening';
import type { SaleReceipt } from '../receipt-message';
import { createRelayPool, type RelayPool } from '../relay-pool';

const merchantSk = generateSecretKey();
const closers: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function relay(): Promise<DevRelay> {
  const started = await startRelay({ port: 0 });
  closers.push(() => started.close());
  return started;
}

function pool(): RelayPool {
  const created = createRelayPool(nodePoolOptions);
  closers.push(() => created.destroy());
  return created;
}

async function listening(relays: string[]) {
  const { listener, received } = receiptListening(pool(), merchantSk, {
    resubscribeMs: { first: 100, longest: 400 },
  });
  closers.push(() => listener.stop());
  const sale = awaitedSale('q-1', relays);
  listener.listen([sale]);
  // Long enough for the first connection to fail and a retry or two to fail as well.
  await new Promise((resolve) => setTimeout(resolve, 500));
  return { received, sale };
}

async function sendReceipt(to: DevRelay, key: Uint8Array, receipt: SaleReceipt): Promise<void> {
  const merchant = pool();
  const event = wrappedReceipt(merchantSk, key, receipt);
  await Promise.all(merchant.publish([to.url], event));
}

describe('ReceiptListener with a relay down at the start', () => {
  it('takes the receipt from the relay once it is back, while the other one served', async () => {
    const [down, up] = [await relay(), await relay()];
    down.faults.down();
    const { received, sale } = await listening([down.url, up.url]);
    down.faults.up();
    const receipt = { quote: 'q-1', amount: 21, time: 1 };
    await sendReceipt(down, sale.receiptSecretKey, receipt);
    await vi.waitFor(() => expect(received).toEqual([['q-1', receipt]]), { timeout: 5_000 });
  });

  it('takes the receipt once its only relay is back', async () => {
    const only = await relay();
    only.faults.down();
    const { received, sale } = await listening([only.url]);
    only.faults.up();
    const receipt = { quote: 'q-1', amount: 5, time: 2 };
    await sendReceipt(only, sale.receiptSecretKey, receipt);
    await vi.waitFor(() => expect(received).toEqual([['q-1', receipt]]), { timeout: 5_000 });
  });
});
