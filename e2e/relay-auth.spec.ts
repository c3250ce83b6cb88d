// Relays that keep gift wraps for their recipient (NIP-42 AUTH): a remote sale through one lands
// at the merchant and the receipt reaches the cashier; one that refuses the merchant's key is
// named in Settings. Each test starts its own dev relay with AUTH on.
import type { Page } from '@playwright/test';
import { decode } from 'nostr-tools/nip19';
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { startRelay, type DevRelay } from '../dev/relay/server.ts';
import { expect, test } from './fixtures';
import { cashierSale, expectSalePaid, freePort, openCashier } from './helpers/cashier';
import { requestInvoice } from './helpers/invoice';
import { onboard } from './helpers/onboard';
import { storedMoney } from './helpers/stored-money';

const REMOTE_RECEIVED = '🌐 Remote Payment received! Proofs stored successfully.';
/** Inbox delivery plus the background quote watch (5 s poll) on a busy box. */
const LANDS = { timeout: 25_000 };

let relay: DevRelay | undefined;
test.afterEach(async () => {
  await relay?.close();
  relay = undefined;
});

async function connectLink(page: Page) {
  await page.goto('/connect');
  const link = (await page.getByTestId('connection-string').textContent())!;
  const npub = new URL(link).pathname.split('/').pop()!;
  expect(decode(npub).type).toBe('npub');
  return { link, npub };
}

const relayRow = (page: Page, url: string) =>
  page.getByTestId('relay-status').locator(`[data-relay="${url}"]`);

test('a remote sale through a relay that requires AUTH lands, and Settings says the till signed in', async ({
  page,
  browser,
  mintUrl,
  payQuote,
}) => {
  relay = await startRelay({ port: await freePort(), auth: {} });
  await onboard(page, { mintUrl, relayUrl: relay.url });
  const { link, npub } = await connectLink(page);
  await page.goto('/');
  await expect(page.getByTestId('home-balance')).toHaveText('0 sats');

  const cashier = await openCashier(browser, link, npub);
  try {
    const quoteId = await requestInvoice(cashier.page, 21, 'keyboard');
    await payQuote(quoteId);
    await expectSalePaid(cashier.page, quoteId, LANDS);

    await expect(page.getByText(REMOTE_RECEIVED)).toBeVisible(LANDS);
    await expect(page.getByTestId('home-balance')).toHaveText('21 sats');
    expect(await storedMoney(page)).toMatchObject({
      balance: 21,
      history: [{ type: 'remote-payment', amount: 21, quoteId }],
    });
    // The receipt, too, came through AUTH: the cashier proved the sale's own key.
    await expect(cashierSale(cashier.page, quoteId)).toHaveAttribute(
      'data-status',
      'confirmed',
      LANDS,
    );
  } finally {
    await cashier.context.close();
  }

  await page.goto('/settings');
  await expect(relayRow(page, relay.url)).toHaveAttribute('data-state', 'authenticated', LANDS);
  await expect(relayRow(page, relay.url)).toContainText(
    'Asked this till to sign in (AUTH); signed in: delivers payments.',
  );
});

test('a relay that refuses the merchant key delivers nothing, and Settings says it refuses', async ({
  page,
  browser,
  mintUrl,
  payQuote,
}) => {
  // AUTH on, but only another key may read: the merchant's AUTH is answered "restricted:".
  relay = await startRelay({
    port: await freePort(),
    auth: { allow: [getPublicKey(generateSecretKey())] },
  });
  await onboard(page, { mintUrl, relayUrl: relay.url });
  const { link, npub } = await connectLink(page);

  const cashier = await openCashier(browser, link, npub);
  try {
    const quoteId = await requestInvoice(cashier.page, 13, 'keyboard');
    await payQuote(quoteId);
    await expectSalePaid(cashier.page, quoteId, LANDS);
  } finally {
    await cashier.context.close();
  }

  await page.goto('/settings');
  const row = relayRow(page, relay.url);
  await expect(row).toHaveAttribute('data-state', 'refused', LANDS);
  await expect(row).toContainText(
    'Refuses this till, so no payments arrive through it: AUTH refused: restricted:',
  );
  // The paid sale never reached the merchant through this relay.
  expect(await storedMoney(page)).toMatchObject({ balance: 0, history: [] });
});
