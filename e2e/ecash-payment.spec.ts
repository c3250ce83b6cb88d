// Paying a sale with ecash: a customer wallet outside the app reads the NUT-18 request off the
// invoice screen and pays it over the dev relay; the sale lands once, strangers' payloads never.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { invoiceDialog, LANDS, RECEIVED, requestInvoice } from './helpers/invoice';
import { onboard } from './helpers/onboard';
import { customerWallet } from './helpers/customer';
import { customerProofs, readRequest, sendPayload } from './helpers/ecash-payer';

const balance = (page: Page) => page.getByTestId('home-balance');

async function requestOnScreen(page: Page): Promise<string> {
  const dialog = invoiceDialog(page);
  await dialog.getByRole('button', { name: 'Ecash' }).click();
  const text = (await dialog.getByTestId('ecash-request-string').textContent()) ?? '';
  expect(text).toMatch(/^creqA/);
  return text;
}

test.describe('paying a sale with ecash', () => {
  test('the request on screen, paid over the relay, lands once; wrong id, short, malformed, another mint and spent store nothing', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
  }) => {
    await onboard(page, { mintUrl, relayUrl });
    await expect(balance(page)).toHaveText('0 sats');
    await requestInvoice(page, 21);
    const request = readRequest(await requestOnScreen(page));
    expect(request).toMatchObject({ amount: 21, mints: [mintUrl], relays: [relayUrl] });

    // A payload for no open request, and a short one: nothing stored.
    await sendPayload(request, {
      id: 'not-a-request',
      proofs: await customerProofs(mintUrl, 21, payQuote),
    });
    await sendPayload(request, { proofs: await customerProofs(mintUrl, 20, payQuote) });
    await expect(page.getByText(/the sale is 21 sats/)).toBeVisible(LANDS);
    // Malformed proofs: silent. Another mint: named. Spent by the customer first: said so.
    await sendPayload(request, { proofs: [{ amount: 21, id: 'zz', secret: 's' }] });
    await sendPayload(request, {
      mint: 'http://127.0.0.1:9',
      proofs: await customerProofs(mintUrl, 21, payQuote),
    });
    await expect(page.getByText('Ecash from http://127.0.0.1:9 is not accepted here')).toBeVisible(
      LANDS,
    );
    const spent = await customerProofs(mintUrl, 21, payQuote);
    await (await customerWallet(mintUrl)).receive({ mint: mintUrl, unit: 'sat', proofs: spent });
    await sendPayload(request, { proofs: spent });
    await expect(page.getByText('This ecash was already spent')).toBeVisible(LANDS);
    await expect(invoiceDialog(page)).toBeVisible();
    await expect(balance(page)).toHaveText('0 sats');

    // The right payload, sent twice: once.
    const proofs = await customerProofs(mintUrl, 21, payQuote);
    await sendPayload(request, { proofs });
    await sendPayload(request, { proofs });
    await expect(page.getByText(RECEIVED).first()).toBeVisible(LANDS);
    await expect(invoiceDialog(page)).toBeHidden();
    await expect(balance(page)).toHaveText('21 sats', LANDS);
    await page.reload();
    await expect(balance(page)).toHaveText('21 sats', LANDS);
    await page.getByRole('link', { name: 'Wallet', exact: true }).click();
    await expect(page.getByText('Ecash sale')).toHaveCount(1, LANDS);
  });
});
