// A remote cashier's lines are held to the merchant's catalog (decision 0065): a paired sale that
// prices Coffee at 1 sat with a 999-sat "tip" while tips are off lands with its money, recorded at
// the catalog's price with a note, and counted in Settings.
import type { Page } from '@playwright/test';
import { decode } from 'nostr-tools/nip19';
import { expect, test } from './fixtures';
import { appRows } from './helpers/app-rows';
import { onboard } from './helpers/onboard';
import { provePairing } from '../src/core/remote-payments/pairing';
import { giftWrap, linkSecret, lockedQuote, publish, saleMessage } from './helpers/remote-sender';
import { storedMoney } from './helpers/stored-money';
import { openWallet } from './helpers/wallet-screen';

const LANDS = { timeout: 30_000 };

/** The id of the stored item called `name`. */
async function itemId(page: Page, name: string): Promise<string> {
  const { items } = await appRows(page, { items: 'rows' });
  const item = (items as Array<{ id: string; name: string }>).find((row) => row.name === name);
  if (!item) throw new Error(`no item ${name}`);
  return item.id;
}

test('a paired sale with a forged line price is recorded at the catalog price with a note', async ({
  page,
  mintUrl,
  relayUrl,
  payQuote,
  request,
}) => {
  test.setTimeout(180_000);
  await onboard(page, { mintUrl, relayUrl });
  await page.goto('/connect');
  const link = (await page.getByTestId('connection-string').textContent())!;
  const decoded = decode(new URL(link).pathname.split('/').pop()!);
  if (decoded.type !== 'npub') throw new Error(`not an npub link: ${link}`);
  const merchantHex = decoded.data;

  await page.goto('/items');
  await expect(page.getByRole('heading', { name: 'Items', level: 1 })).toBeVisible(LANDS);
  const form = page.getByTestId('item-form');
  await form.getByLabel('Name', { exact: true }).fill('Coffee');
  await form.getByLabel('Price', { exact: true }).fill('1000');
  await form.getByRole('button', { name: 'Add item' }).click();
  await expect(page.getByRole('button', { name: 'Edit Coffee', exact: true })).toBeVisible();
  const coffee = await itemId(page, 'Coffee');

  const quote = await lockedQuote(request, mintUrl, 1000, merchantHex);
  const message = saleMessage(mintUrl, quote, merchantHex);
  message.sale = {
    lines: [{ itemId: coffee, name: 'Coffee', quantity: 1, unitSats: 1 }],
    subtotalSats: 1,
    taxSats: 0,
    tipSats: 999,
  };
  // The proof covers the sale, so it is made once the forged lines are in.
  message.pairing = provePairing(linkSecret(link), message);
  await page.goto('/');
  await publish(relayUrl, [giftWrap(message, merchantHex)]);
  await payQuote(quote.quote);

  await expect.poll(async () => (await storedMoney(page)).balance, LANDS).toBe(1000);
  const { historyEvents } = await appRows(page, { historyEvents: 'rows' });
  expect(historyEvents).toMatchObject([
    {
      type: 'remote-payment',
      amount: 1000,
      quoteId: quote.quote,
      sale: {
        lines: [{ itemId: coffee, name: 'Coffee', quantity: 1, unitSats: 1000 }],
        subtotalSats: 1000,
        taxSats: 0,
        tipSats: 0,
        note: 'cashier-lines',
      },
    },
  ]);

  await openWallet(page);
  await expect(page.getByTestId('history-warning')).toHaveText(
    "Recorded at your items' prices: the cashier's lines did not match them.",
  );
  await page.goto('/settings');
  await expect(page.getByTestId('refused-payments')).toContainText(
    'Lines not matching your items (paid, kept at your prices): 1',
    LANDS,
  );
});
