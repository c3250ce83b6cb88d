// A remote sale paid by the customer's ecash request, with the merchant's app real and the
// cashier played from the test (e2e/helpers/remote-sender.ts), so the order of arrival is ours:
// ecash before the cashier's sale is held and lands when the sale comes (decision 0044), the
// record keeps the cart's lines (items of the merchant's catalog, decision 0065), and the
// cashier's receipt is sent again after a restart.
import type { Page } from '@playwright/test';
import { decode } from 'nostr-tools/nip19';
import { bytesToHex } from 'nostr-tools/utils';
import { generateSecretKey } from 'nostr-tools/pure';
import { provePairing } from '../src/core/remote-payments/pairing';
import { readReceiptEvent } from '../src/core/remote-payments/receipt-message';
import { expect, test } from './fixtures';
import { customerProofs, sendPayload } from './helpers/ecash-payer';
import { storedEvents } from './helpers/history-events';
import { onboard } from './helpers/onboard';
import {
  giftWrap,
  linkSecret,
  lockedQuote,
  publish,
  query,
  receiptKey,
  saleMessage,
} from './helpers/remote-sender';
import { storedMoney } from './helpers/stored-money';
import { appRows } from './helpers/app-rows';

const LANDS = { timeout: 30_000 };

/** Adds an item to the merchant's catalog and returns its id, as a cashier's line names it. */
async function addItem(page: Page, name: string, price: string): Promise<string> {
  await page.goto('/items');
  const form = page.getByTestId('item-form');
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Price', { exact: true }).fill(price);
  await form.getByRole('button', { name: 'Add item' }).click();
  await expect(page.getByRole('button', { name: `Edit ${name}`, exact: true })).toBeVisible();
  const { items } = await appRows(page, { items: 'rows' });
  const item = (items as Array<{ id: string; name: string }>).find((row) => row.name === name);
  if (!item) throw new Error(`no item ${name}`);
  return item.id;
}

/** Payloads the merchant holds for sales it does not know yet (schema v33). */
async function heldPayloads(page: Page): Promise<number> {
  return (await appRows(page, { heldEcash: 'keys' })).heldEcash.length;
}

test('ecash that comes before the cashier’s sale is held, not counted, and lands once the sale comes, after a reload; the record keeps the lines and the receipt is sent again at restart', async ({
  page,
  mintUrl,
  relayUrl,
  payQuote,
  request,
}) => {
  test.setTimeout(240_000);
  await onboard(page, { mintUrl, relayUrl });
  const coffee = await addItem(page, 'Coffee', '8');
  const cake = await addItem(page, 'Cake', '5');
  await page.goto('/');
  await page.getByRole('link', { name: 'Connect', exact: true }).click();
  const link = (await page.getByTestId('connection-string').textContent())!;
  const npub = decode(new URL(link).pathname.split('/').pop()!);
  if (npub.type !== 'npub') throw new Error(`not an npub link: ${link}`);
  const merchant = npub.data;
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page.getByTestId('home-balance')).toHaveText('0 sats');

  // The cashier's request, as its screen would show it: the customer pays it at once.
  const ecashRequest = bytesToHex(generateSecretKey()).slice(0, 16);
  const customerRequest = {
    id: ecashRequest,
    amount: 21,
    mints: [mintUrl],
    pubkey: merchant,
    relays: [relayUrl],
  };
  const proofs = await customerProofs(mintUrl, 21, payQuote);
  await sendPayload(customerRequest, { proofs });
  await expect.poll(() => heldPayloads(page), LANDS).toBe(1);
  expect(await storedMoney(page)).toMatchObject({ balance: 0, history: [] });

  // A reload before the sale comes: the held payload is still there.
  await page.reload();
  await expect(page.getByTestId('home-balance')).toHaveText('0 sats');
  expect(await heldPayloads(page)).toBe(1);

  // Then the cashier's sale: a cart of two lines of the catalog, naming the request.
  const quote = await lockedQuote(request, mintUrl, 21, merchant);
  const receipt = receiptKey();
  const message = {
    ...saleMessage(mintUrl, quote, merchant, { receipt: receipt.pubkey }),
    ecashRequest,
    sale: {
      lines: [
        { itemId: coffee, name: 'Coffee', quantity: 2, unitSats: 8 },
        { itemId: cake, name: 'Cake', quantity: 1, unitSats: 5 },
      ],
      subtotalSats: 21,
      taxSats: 0,
      tipSats: 0,
    },
  };
  const proven = { ...message, pairing: provePairing(linkSecret(link), message) };
  await publish(relayUrl, [giftWrap(proven, merchant)]);

  await expect(page.getByTestId('home-balance')).toHaveText('21 sats', LANDS);
  // The payload is removed once its proofs are stored (core/wallet/ecash/ecash-inbox.ts
  // landHeld), a step after the balance can show them.
  await expect.poll(() => heldPayloads(page), LANDS).toBe(0);
  const [sale, ...others] = await storedEvents(page);
  expect(others).toEqual([]);
  expect(sale).toMatchObject({
    type: 'ecash-payment',
    amount: 21,
    quoteId: ecashRequest,
    sale: { ...message.sale, method: 'ecash' },
  });
  expect(JSON.parse(sale!.metadata as string)).toMatchObject({ closesQuote: quote.quote });

  // The cashier's receipt, then again after the merchant restarts (the relay sends the sale again).
  const receipts = () => query(relayUrl, { kinds: [1059], '#p': [receipt.pubkey] });
  await expect.poll(async () => (await receipts()).length, LANDS).toBe(1);
  const [first] = await receipts();
  expect(readReceiptEvent(first!, receipt.secretKey, merchant)).toMatchObject({
    quote: quote.quote,
    amount: 21,
  });
  await page.reload();
  await expect.poll(async () => (await receipts()).length, LANDS).toBeGreaterThanOrEqual(2);
  expect(await storedMoney(page)).toMatchObject({ balance: 21, pendingQuotes: 0 });
});
