// Money under faults, in the browser against real servers: two tabs of one merchant racing for the
// same quote, a mint that dies mid-payment and comes back, a relay outage under the merchant inbox.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, WebSocket } from '@playwright/test';
import { startMint, type DevMint } from '../dev/mint/server.ts';
import { startRelay, type DevRelay } from '../dev/relay/server.ts';
import { expect, test } from './fixtures';
import { freePort, openCashier } from './helpers/cashier';
import { requestInvoice } from './helpers/invoice';
import { onboard } from './helpers/onboard';
import { storedMoney, type StoredMoney } from './helpers/stored-money';

/** Mint retries back off 2, 4, 8 s and the inbox 1, 1, 2, 5, 10 s: room for both on a busy box. */
const SETTLES = { timeout: 40_000 };

/** The stored outcome of exactly one payment of `amount` for `quoteId` and nothing else. */
const paidOnce = (type: string, amount: number, quoteId: string): Partial<StoredMoney> => ({
  balance: amount,
  pendingQuotes: 0,
  history: [{ type, amount, quoteId }],
});

/** Contexts a test opened besides its own page's; closed after it. */
let contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  contexts = [];
});

/** The merchant's Connect link (its relays and mint are in it); leaves the page on /connect. */
async function connectLink(page: Page): Promise<{ link: string; npub: string }> {
  await page.goto('/connect');
  const link = (await page.getByTestId('connection-string').textContent())!;
  return { link, npub: new URL(link).pathname.split('/').pop()! };
}

/** A cashier opened from the link; its context is closed after the test. */
async function cashierFor(browser: Browser, link: string, npub: string): Promise<Page> {
  const { context, page } = await openCashier(browser, link, npub);
  contexts.push(context);
  return page;
}

/** A second tab of the merchant: same context, so same origin, IndexedDB and Web Locks. */
async function secondTab(context: BrowserContext): Promise<Page> {
  const tab = await context.newPage();
  await tab.goto('/');
  await expect(tab.getByTestId('home-balance')).toHaveText('0 sats');
  return tab;
}

/**
 * Both tabs end with exactly one payment of `amount` for `quoteId`, ISSUED at the mint: the first
 * once it settles, the second after a fresh start (its resume finds nothing left to do).
 */
async function expectPaidOnceInBothTabs(
  [tabA, tabB]: [Page, Page],
  {
    type,
    amount,
    quoteId,
    mintUrl,
  }: { type: string; amount: number; quoteId: string; mintUrl: string },
) {
  await expect
    .poll(() => storedMoney(tabA), SETTLES)
    .toMatchObject(paidOnce(type, amount, quoteId));
  const atMint = await (
    await tabA.request.get(`${mintUrl}/v1/mint/quote/bolt11/${quoteId}`)
  ).json();
  expect(atMint.state).toBe('ISSUED');
  await tabB.reload();
  await expect(tabB.getByTestId('home-balance')).toHaveText(`${amount} sats`);
  expect(await storedMoney(tabB)).toMatchObject(paidOnce(type, amount, quoteId));
}

test.describe('two tabs of the same merchant', () => {
  test('an invoice paid while both tabs watch it is stored once', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
  }) => {
    await onboard(page, { mintUrl, relayUrl });
    const quoteId = await requestInvoice(page, 321);
    // Opened after the invoice exists, so its start-up resume watches that quote too.
    const tabB = await secondTab(page.context());

    await payQuote(quoteId);

    await expectPaidOnceInBothTabs([page, tabB], {
      type: 'direct-payment',
      amount: 321,
      quoteId,
      mintUrl,
    });
  });

  test("a sale in one tab shows in the other tab's balance without a reload", async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
  }) => {
    await onboard(page, { mintUrl, relayUrl });
    const tabB = await secondTab(page.context());
    // The invoice takes longer than tab B's background work (at most a second after its first
    // screen), which starts its ear for the other tabs.
    const quoteId = await requestInvoice(page, 144);
    await payQuote(quoteId);
    await expect(page.getByTestId('home-balance')).toHaveText('144 sats', SETTLES);
    await expect(tabB.getByTestId('home-balance')).toHaveText('144 sats', { timeout: 5_000 });
  });

  test('a remote quote delivered while both tabs are open is minted once', async ({
    page,
    browser,
    mintUrl,
    relayUrl,
    payQuote,
  }) => {
    await onboard(page, { mintUrl, relayUrl });
    const { link, npub } = await connectLink(page);
    await page.goto('/');
    const tabB = await secondTab(page.context());

    const cashier = await cashierFor(browser, link, npub);
    const quoteId = await requestInvoice(cashier, 55, 'keyboard');
    await payQuote(quoteId);

    await expectPaidOnceInBothTabs([page, tabB], {
      type: 'remote-payment',
      amount: 55,
      quoteId,
      mintUrl,
    });
  });
});

test.describe('a mint that goes down during a payment and comes back', () => {
  // A mint of its own per test: it is stopped, and fault switches would hit other specs.
  let mint: DevMint | undefined;
  let dataDir: string;
  let port: number;

  test.beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'cashew-e2e-faults-mint-'));
    port = await freePort();
    mint = await startMint({ port, fresh: true, dataDir });
  });

  test.afterEach(async () => {
    await mint?.close();
    mint = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Counts the page's requests to the mint that failed at the network level. */
  function failedMintRequests(page: Page): () => number {
    let failed = 0;
    page.on('requestfailed', (req) => {
      if (new URL(req.url()).port === String(port)) failed++;
    });
    return () => failed;
  }

  test('dies after signing, before answering: the payment lands once after the restart', async ({
    page,
    relayUrl,
  }) => {
    const first = mint!;
    await onboard(page, { mintUrl: first.url, relayUrl });
    const failed = failedMintRequests(page);
    const quoteId = await requestInvoice(page, 300);

    // The app's mint request is held at the mint; once it is there (its fault used up, seen
    // within a 50 ms poll, well inside the hold), the mint goes down.
    first.addFault({ path: '/v1/mint/bolt11', method: 'POST', delayMs: 2_000, count: 1 });
    await first.pay(quoteId);
    await expect
      .poll(async () => (await (await fetch(`${first.url}/dev/faults`)).json()).faults, {
        ...SETTLES,
        intervals: [50],
      })
      .toEqual([]);
    await first.close();
    // The held request is still handled by the stopped server: it signs and saves, unanswered.
    await expect.poll(() => first.mintQuote(quoteId)?.state, SETTLES).toBe('ISSUED');
    // The app has seen the mint gone: its mint request and at least one retry failed.
    await expect.poll(failed, SETTLES).toBeGreaterThanOrEqual(2);
    expect(await storedMoney(page)).toMatchObject({ balance: 0, history: [], pendingQuotes: 1 });

    mint = await startMint({ port, dataDir });
    await expect
      .poll(() => storedMoney(page), SETTLES)
      .toMatchObject(paidOnce('direct-payment', 300, quoteId));
    expect(mint.mintQuote(quoteId)?.state).toBe('ISSUED');
  });

  test('dies as the invoice is paid, before the app asks to mint: the payment lands once after the restart', async ({
    page,
    relayUrl,
  }) => {
    const first = mint!;
    await onboard(page, { mintUrl: first.url, relayUrl });
    const failed = failedMintRequests(page);
    const quoteId = await requestInvoice(page, 144);

    // Paid and stopped in the same tick: whatever the app learns, it cannot mint until the restart.
    await first.pay(quoteId);
    await first.close();
    expect(first.mintQuote(quoteId)?.state).toBe('PAID');
    await expect.poll(failed, SETTLES).toBeGreaterThanOrEqual(1);
    expect(await storedMoney(page)).toMatchObject({ balance: 0, history: [], pendingQuotes: 1 });

    mint = await startMint({ port, dataDir });
    await expect
      .poll(() => storedMoney(page), SETTLES)
      .toMatchObject(paidOnce('direct-payment', 144, quoteId));
    expect(mint.mintQuote(quoteId)?.state).toBe('ISSUED');
  });
});

test.describe('a relay outage under the merchant inbox', () => {
  let relay: DevRelay | undefined;
  let dataDir: string;
  let port: number;

  test.beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'cashew-e2e-faults-relay-'));
    port = await freePort();
    relay = await startRelay({ port, file: join(dataDir, 'events.json') });
  });

  test.afterEach(async () => {
    await relay?.close();
    relay = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  test('a quote sent while the merchant is cut off is minted once after the inbox reconnects', async ({
    page,
    browser,
    mintUrl,
    payQuote,
    request,
  }) => {
    const relayUrl = relay!.url;
    // The merchant page's sockets to R. A page navigated away from closes its sockets without
    // Playwright reporting it, so only the current document's count.
    const onRelay = (url: string) => new URL(url).port === String(port);
    const live = new Set<WebSocket>();
    let attempts = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) live.clear();
    });
    page.on('websocket', (ws) => {
      if (!onRelay(ws.url())) return;
      attempts++;
      live.add(ws);
      ws.on('close', () => live.delete(ws));
    });
    const open = () => live.size;

    await onboard(page, { mintUrl, relayUrl });
    const { link, npub } = await connectLink(page);
    await page.goto('/');
    await expect.poll(open, SETTLES).toBeGreaterThan(0);
    const cashier = await cashierFor(browser, link, npub);

    await relay!.close();
    await expect.poll(open, SETTLES).toBe(0);
    // Let the inbox fail to reconnect a few times, so its next try is seconds away.
    const before = attempts;
    await expect.poll(() => attempts - before, SETTLES).toBeGreaterThanOrEqual(3);
    await expect.poll(open, SETTLES).toBe(0);

    relay = await startRelay({ port, file: join(dataDir, 'events.json') });
    const quoteId = await requestInvoice(cashier, 89, 'keyboard');
    test.info().annotations.push({
      type: 'merchant connected when the quote was sent',
      description: String(open() > 0),
    });
    await payQuote(quoteId);

    await expect
      .poll(() => storedMoney(page), SETTLES)
      .toMatchObject(paidOnce('remote-payment', 89, quoteId));
    const atMint = await (await request.get(`${mintUrl}/v1/mint/quote/bolt11/${quoteId}`)).json();
    expect(atMint.state).toBe('ISSUED');
    expect(open()).toBeGreaterThan(0);
  });
});
