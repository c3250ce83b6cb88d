// What the till says about a waiting invoice while its mint does not answer, against the real dev
// mint stopped and started again: 'checking' once looks at an unpaid quote keep failing, 'paid'
// when a paid quote cannot be minted, and nothing once the mint answers and the sale lands.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { injectWebSocketImpl } from '@cashu/cashu-ts';
import { generateMnemonic, mnemonicToSeedSync } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { startMint, type DevMint } from '../../../../dev/mint/server';
import { paymentHarness, type PaymentHarness } from '../../../testing/wallet/payment-harness';
import type { QuoteHealthChange } from './payment-service';

injectWebSocketImpl(WebSocket as unknown as typeof globalThis.WebSocket);

const WAIT = { timeout: 15_000, interval: 20 };
const dirs: string[] = [];
const open: Array<{ close(): Promise<void> }> = [];

afterEach(async () => {
  for (const closing of open.splice(0)) await closing.close();
});

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function freshMint(): Promise<{ mint: DevMint; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cashew-health-'));
  dirs.push(dataDir);
  const mint = await startMint({ port: 0, fresh: true, dataDir });
  open.push(mint);
  return { mint, dataDir };
}

async function restart(port: number, dataDir: string): Promise<DevMint> {
  const mint = await startMint({ port, dataDir });
  open.push(mint);
  return mint;
}

function watched(mintUrl: string): { h: PaymentHarness; changes: QuoteHealthChange[] } {
  const h = paymentHarness({ mintUrl, seed: mnemonicToSeedSync(generateMnemonic(wordlist)) });
  open.push({ close: () => h.shutdown() });
  const changes: QuoteHealthChange[] = [];
  h.service.onQuoteHealth((change) => changes.push(change));
  return { h, changes };
}

describe('PaymentService quote health', () => {
  it('says a waiting invoice cannot be checked while its mint is down, and nothing once it answers', async () => {
    const { mint, dataDir } = await freshMint();
    const { h, changes } = watched(mint.url);
    const quote = await h.service.createInvoice({ amount: 40 });
    h.service.setForeground(quote.quote);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(changes).toEqual([]);

    await mint.close();
    await expect.poll(() => h.service.quoteHealth(quote.quote), WAIT).toBe('checking');
    expect(changes).toEqual([{ quote: quote.quote, health: 'checking' }]);

    const back = await restart(mint.port, dataDir);
    await expect.poll(() => h.service.quoteHealth(quote.quote), WAIT).toBeNull();
    await back.pay(quote.quote);
    await expect.poll(() => h.settled.length, WAIT).toBe(1);
    expect(changes).toEqual([
      { quote: quote.quote, health: 'checking' },
      { quote: quote.quote, health: null },
    ]);
  });

  it('says a paid invoice lands once its mint answers, when minting it fails for want of one', async () => {
    const { mint, dataDir } = await freshMint();
    const { h, changes } = watched(mint.url);
    const quote = await h.service.createInvoice({ amount: 21 });
    h.service.setForeground(quote.quote);
    mint.addFault({ path: '/v1/mint/bolt11', method: 'POST', delayMs: 300, count: 1 });
    await mint.pay(quote.quote);
    await expect.poll(() => h.counters.reservations.length, WAIT).toBe(1);
    await mint.close(); // the mint request is cut off mid-way
    await expect.poll(() => h.service.quoteHealth(quote.quote), WAIT).toBe('paid');
    expect(h.settled).toEqual([]);

    await restart(mint.port, dataDir);
    await expect.poll(() => h.settled.length, WAIT).toBe(1);
    expect(h.service.quoteHealth(quote.quote)).toBeNull();
    expect(h.balance()).toBe(21);
    // Said once as paid (never downgraded to checking by the retries), then nothing.
    expect(changes.filter((c) => c.quote === quote.quote)).toEqual([
      { quote: quote.quote, health: 'paid' },
      { quote: quote.quote, health: null },
    ]);
  });
});
