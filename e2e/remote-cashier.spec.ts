// The cashier page a merchant can trust (issue 15, cashier side), against the dev relay and mint
// with the merchant played from the test (e2e/helpers/merchant-stand-in.ts): the pairing proof
// and the receipt, a link the merchant reset, a plain link taking the profile's mint, and a
// cashier reloaded before the receipt re-sending the very same sale.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext } from '@playwright/test';
import { startMint, type DevMint } from '../dev/mint/server.ts';
import { hasValidPairing, newPairingSecret, pairingId } from '../src/core/remote-payments/pairing';
import { expect, test } from './fixtures';
import { cashierKeypadReady, cashierSale, openCashier, openCashierPage } from './helpers/cashier';
import keypadTexts from '../src/ui/locales/keypad/en.json' with { type: 'json' };
import { invoiceDialog, quoteIdOnScreen, requestInvoice, typeUntilHint } from './helpers/invoice';
import {
  cashierLinkFor,
  messagesFor,
  publishProfile,
  sendReceipt,
  standInMerchant,
  type ReceivedMessage,
  type StandInMerchant,
} from './helpers/merchant-stand-in';

const LINK_REVOKED = 'This cashier link is no longer valid. Ask the merchant for a new link.';
const PAID_WAITING = 'Paid, waiting for the merchant...';
/** The cashier's own quote watch (1 s while shown, 5 s after), relay round trips, a busy box. */
const SEEN = { timeout: 25_000 };

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

/** Waits until the relay holds at least `count` messages for the quote, and returns them. */
async function messagesForQuote(
  relayUrl: string,
  merchant: StandInMerchant,
  quote: string,
  count = 1,
): Promise<ReceivedMessage[]> {
  let found: ReceivedMessage[] = [];
  await expect
    .poll(async () => {
      found = (await messagesFor(relayUrl, merchant)).filter((m) => m.message.quote === quote);
      return found.length;
    }, SEEN)
    .toBeGreaterThanOrEqual(count);
  return found;
}

/** A stand-in merchant publishes its profile with a new pairing, and a cashier opens its paired link. */
async function pairedCashier(browser: Browser, appUrl: string, mintUrl: string, relayUrl: string) {
  const merchant = standInMerchant();
  const secret = newPairingSecret();
  await publishProfile(relayUrl, merchant, {
    mints: [mintUrl],
    relays: [relayUrl],
    pairingId: pairingId(secret),
  });
  const link = cashierLinkFor(appUrl, merchant.npub, {
    mintUrl,
    relays: [relayUrl],
    pairingSecret: secret,
  });
  const cashier = await openCashier(browser, link, merchant.npub);
  contexts.push(cashier.context);
  return { merchant, secret, cashier };
}

test('a paired cashier proves the link in its message and shows the merchant’s confirmation', async ({
  browser,
  appUrl,
  mintUrl,
  relayUrl,
  payQuote,
}) => {
  const { merchant, secret, cashier } = await pairedCashier(browser, appUrl, mintUrl, relayUrl);

  const quote = await requestInvoice(cashier.page, 21);
  const [delivered] = await messagesForQuote(relayUrl, merchant, quote);
  const message = delivered!.message;
  expect(message).toMatchObject({ quote, amount: 21, mint: mintUrl });
  expect(hasValidPairing(secret, message)).toBe(true);
  expect(message.receipt).toMatch(/^[0-9a-f]{64}$/);
  await expect(cashierSale(cashier.page, quote)).toContainText('Waiting for payment');

  await payQuote(quote);
  await expect(cashierSale(cashier.page, quote)).toContainText(PAID_WAITING, SEEN);

  await sendReceipt(relayUrl, merchant, message.receipt!, { quote, amount: 21, time: 1 });
  await expect(cashierSale(cashier.page, quote)).toContainText('Merchant confirmed 21 sats', SEEN);
});

test('a link the merchant reset says it is no longer valid and creates no invoice', async ({
  browser,
  appUrl,
  mintUrl,
  relayUrl,
}) => {
  const merchant = standInMerchant();
  await publishProfile(relayUrl, merchant, {
    mints: [mintUrl],
    relays: [relayUrl],
    pairingId: pairingId(newPairingSecret()),
  });
  const link = cashierLinkFor(appUrl, merchant.npub, {
    mintUrl,
    relays: [relayUrl],
    pairingSecret: newPairingSecret(),
  });
  const cashier = await openCashierPage(browser, link, merchant.npub);
  contexts.push(cashier.context);

  await expect(cashier.page.getByText(LINK_REVOKED)).toBeVisible(SEEN);
  await expect(cashierKeypadReady(cashier.page)).toHaveCount(0);
  await cashier.page.keyboard.type('13');
  await cashier.page.keyboard.press('Enter');
  await expect(cashier.page.getByRole('dialog')).toHaveCount(0);
  expect(await messagesFor(relayUrl, merchant)).toEqual([]);
});

test.describe('a plain /remote/{npub} link', () => {
  let otherMint: DevMint | undefined;
  let dataDir: string | undefined;
  test.afterEach(async () => {
    await otherMint?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    otherMint = undefined;
    dataDir = undefined;
  });

  /**
   * A mint of its own, named as the only mint of a merchant's profile on the build's default
   * relay (not the build's default mint), and a cashier opened from the plain link.
   */
  async function cashierOnProfileMint(
    browser: Browser,
    appUrl: string,
    relayUrl: string,
    configure: (mint: DevMint) => Promise<void> = async () => {},
  ) {
    dataDir = await mkdtemp(join(tmpdir(), 'cashew-e2e-profile-mint-'));
    const mint = await startMint({ port: 0, fresh: true, dataDir });
    otherMint = mint;
    await configure(mint);
    const merchant = standInMerchant();
    await publishProfile(relayUrl, merchant, { mints: [mint.url], relays: [relayUrl] });
    const cashier = await openCashier(
      browser,
      cashierLinkFor(appUrl, merchant.npub),
      merchant.npub,
    );
    contexts.push(cashier.context);
    return { mint, merchant, page: cashier.page };
  }

  test('creates the invoice at the mint the merchant’s profile names', async ({
    browser,
    appUrl,
    relayUrl,
    request,
  }) => {
    const { mint, merchant, page } = await cashierOnProfileMint(browser, appUrl, relayUrl);
    const quote = await requestInvoice(page, 8);

    const atMint = await request.get(`${mint.url}/v1/mint/quote/bolt11/${quote}`);
    expect(atMint.ok()).toBe(true);
    expect(await atMint.json()).toMatchObject({ quote, amount: 8, state: 'UNPAID' });
    const [delivered] = await messagesForQuote(relayUrl, merchant, quote);
    expect(delivered!.message.mint).toBe(mint.url);
  });

  test('refuses an amount above that mint’s maximum while it is typed, as the merchant’s keypad does', async ({
    browser,
    appUrl,
    relayUrl,
    request,
  }) => {
    const { mint, page } = await cashierOnProfileMint(browser, appUrl, relayUrl, async (m) => {
      const set = await request.post(`${m.url}/dev/config`, { data: { maxAmount: 500 } });
      expect(set.ok()).toBe(true);
    });

    await typeUntilHint(page, '5001', keypadTexts.MINT_MAX_HINT.replace('{max}', '500'));
    await expect(page.getByTestId('keypad-amount')).toHaveText(/^500\b/);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(invoiceDialog(page).getByTestId('invoice-amount')).toHaveText('500 sats');
    const quote = await quoteIdOnScreen(page);
    const atMint = await request.get(`${mint.url}/v1/mint/quote/bolt11/${quote}`);
    expect(await atMint.json()).toMatchObject({ quote, amount: 500 });
  });
});

test('a cashier reloaded before the receipt sends the same sale again and still shows the confirmation', async ({
  browser,
  appUrl,
  mintUrl,
  relayUrl,
  payQuote,
}) => {
  const { merchant, secret, cashier } = await pairedCashier(browser, appUrl, mintUrl, relayUrl);
  const quote = await requestInvoice(cashier.page, 34);
  await payQuote(quote);
  await expect(cashierSale(cashier.page, quote)).toContainText(PAID_WAITING, SEEN);

  await cashier.page.reload();
  await expect(cashierSale(cashier.page, quote)).toContainText(PAID_WAITING);
  // A second wrap for the same sale: the very same message (quote, receipt key, proof).
  const sent = await messagesForQuote(relayUrl, merchant, quote, 2);
  expect(new Set(sent.map((m) => m.wrapId)).size).toBe(sent.length);
  expect(sent[1]!.message).toEqual(sent[0]!.message);
  expect(hasValidPairing(secret, sent[1]!.message)).toBe(true);

  await sendReceipt(relayUrl, merchant, sent[0]!.message.receipt!, {
    quote,
    amount: 34,
    time: 1,
  });
  await expect(cashierSale(cashier.page, quote)).toContainText('Merchant confirmed 34 sats', SEEN);
});
