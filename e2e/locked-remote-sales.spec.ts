// A remote sale on a locked till (decision 0030, point 7; docs/security.md): after a reload with a
// PIN set, a cashier opened from the merchant's link sells 21 sats, the customer pays, and the sale
// lands and counts without the PIN (sent and locked to the sales inbox key the profile names); the
// cashier shows the merchant's confirmation, Withdraw still asks for the PIN, and the withdrawn
// token redeems at the mint.
import type { BrowserContext } from '@playwright/test';
import { decode } from 'nostr-tools/nip19';
import { expect, test } from './fixtures';
import { cashierSale, openCashier } from './helpers/cashier';
import { requestInvoice } from './helpers/invoice';
import { onboard } from './helpers/onboard';
import { LOCKED, PIN, setPinInSettings, withdrawAll } from './helpers/pin';
import { merchantInboxKey } from './helpers/remote-sender';
import { storedMoney } from './helpers/stored-money';
import { allowCopy } from './helpers/wallet-screen';

/** The inbox, the customer's payment, the background quote watch and the relays, on a busy box. */
const LANDS = { timeout: 45_000 };

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

test('a remote sale paid while the till is locked lands at once, confirmed to the cashier', async ({
  page,
  context,
  browser,
  appUrl,
  mintUrl,
  relayUrl,
  payQuote,
  request,
}) => {
  await allowCopy(context, appUrl);
  await onboard(page, { mintUrl, relayUrl });
  await page.getByRole('link', { name: 'Connect', exact: true }).click();
  const link = (await page.getByTestId('connection-string').textContent())!;
  const npub = new URL(link).pathname.split('/').pop()!;
  const decoded = decode(npub);
  if (decoded.type !== 'npub') throw new Error(`not an npub link: ${link}`);
  const inbox = await merchantInboxKey(relayUrl, decoded.data);
  // The sales inbox key is never the Nostr identity key.
  expect(inbox).not.toBe(decoded.data);

  await setPinInSettings(page, PIN);
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await page.reload();
  await expect(page.getByTestId('lock-banner')).toContainText(LOCKED);

  const cashier = await openCashier(browser, link, npub);
  contexts.push(cashier.context);
  const quote = await requestInvoice(cashier.page, 21, 'keyboard');
  const atMint = await (await request.get(`${mintUrl}/v1/mint/quote/bolt11/${quote}`)).json();
  expect(atMint.pubkey).toBe(`02${inbox}`);
  await payQuote(quote);

  // Still locked: the sale is minted, stored and counted without the PIN.
  await expect(page.getByTestId('home-balance')).toHaveText('21 sats', LANDS);
  await expect(page.getByTestId('lock-banner')).toBeVisible();
  expect(await storedMoney(page)).toMatchObject({
    balance: 21,
    pendingQuotes: 0,
    history: [{ type: 'remote-payment', amount: 21, quoteId: quote }],
  });
  expect((await (await request.get(`${mintUrl}/v1/mint/quote/bolt11/${quote}`)).json()).state).toBe(
    'ISSUED',
  );
  // The merchant's receipt, sealed by the sales inbox key, reaches the cashier.
  await expect(cashierSale(cashier.page, quote)).toHaveAttribute('data-status', 'confirmed', LANDS);
  await expect(cashierSale(cashier.page, quote)).toContainText('Merchant confirmed 21 sats');

  // Money out still asks for the PIN; after it the sale is spendable.
  expect(await withdrawAll(page, mintUrl)).toBe(21);
  await expect(page.getByTestId('lock-banner')).toHaveCount(0);
});
