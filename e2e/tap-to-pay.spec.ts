// Tap to pay through a stand-in for Web NFC: the dev Bolt Card held to the till pays the invoice on
// screen through its LNURL-withdraw service and the dev mint, and the sale lands once; a tag with a
// token fills Receive ecash (held to the invoice, it is sent there; a payment request pays nothing).
// Without Web NFC neither button is there.
import { getEncodedToken } from '@cashu/cashu-ts';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { customerProofs } from './helpers/ecash-payer';
import { clickDigits, invoiceDialog, LANDS, RECEIVED, requestInvoice } from './helpers/invoice';
import { installNfcStandIn, tapNfc } from './helpers/nfc-stand-in';
import { onboard } from './helpers/onboard';

const balance = (page: Page) => page.getByTestId('home-balance');

test.describe('tap to pay', () => {
  test('a Bolt Card tap pays the invoice on screen and the sale lands once', async ({
    page,
    mintUrl,
    relayUrl,
    boltCardUrl,
  }) => {
    await page.addInitScript(installNfcStandIn);
    await onboard(page, { mintUrl, relayUrl });
    await requestInvoice(page, 21);
    const dialog = invoiceDialog(page);
    await dialog.getByRole('button', { name: 'Tap to pay' }).click();
    await expect(dialog.getByText('Hold the card to the back of this device.')).toBeVisible();
    expect(await tapNfc(page, boltCardUrl)).toBe(1);
    await expect(page.getByText(RECEIVED).first()).toBeVisible(LANDS);
    await expect(balance(page)).toHaveText('21 sats', LANDS);
    // Reading stopped with the tap: the card held there again reaches no reader.
    expect(await tapNfc(page, boltCardUrl)).toBe(0);
    await page.reload();
    await expect(balance(page)).toHaveText('21 sats', LANDS);
  });

  test('a tag holding a token fills Receive ecash and the sale takes it', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
  }) => {
    await page.addInitScript(installNfcStandIn);
    await onboard(page, { mintUrl, relayUrl });
    const proofs = await customerProofs(mintUrl, 13, payQuote);
    await clickDigits(page, '13');
    await page.getByRole('button', { name: 'Receive ecash' }).click();
    const dialog = page.getByRole('dialog', { name: 'Receive 13 sats in ecash' });
    await dialog.getByRole('button', { name: 'Read a tag' }).click();
    expect(await tapNfc(page, getEncodedToken({ mint: mintUrl, unit: 'sat', proofs }))).toBe(1);
    await expect(page.getByText(RECEIVED).first()).toBeVisible(LANDS);
    await expect(balance(page)).toHaveText('13 sats', LANDS);
  });

  test('on the invoice, a token tag is sent to Receive ecash and a payment-request tag pays nothing', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
  }) => {
    await page.addInitScript(installNfcStandIn);
    await onboard(page, { mintUrl, relayUrl });
    const proofs = await customerProofs(mintUrl, 8, payQuote);
    const token = getEncodedToken({ mint: mintUrl, unit: 'sat', proofs });
    await requestInvoice(page, 8);
    const dialog = invoiceDialog(page);
    const tap = dialog.getByRole('button', { name: 'Tap to pay' });
    await tap.click();
    expect(await tapNfc(page, 'creqAeyJ0IjpbXX0')).toBe(1);
    await expect(
      dialog.getByText('This tag asks to be paid; it cannot pay this sale.'),
    ).toBeVisible();
    await tap.click();
    expect(await tapNfc(page, token)).toBe(1);
    await expect(
      dialog.getByText('This tag holds ecash: close the invoice and take it with Receive ecash.'),
    ).toBeVisible();
    await expect(balance(page)).toHaveText('0 sats');

    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Receive ecash' }).click();
    const receive = page.getByRole('dialog', { name: 'Receive 8 sats in ecash' });
    await receive.getByRole('button', { name: 'Read a tag' }).click();
    expect(await tapNfc(page, token)).toBe(1);
    await expect(balance(page)).toHaveText('8 sats', LANDS);
  });

  test('without Web NFC there is no Tap to pay', async ({ page, mintUrl, relayUrl }) => {
    await onboard(page, { mintUrl, relayUrl });
    await requestInvoice(page, 5);
    await expect(invoiceDialog(page).getByTestId('invoice-amount')).toBeVisible();
    await expect(invoiceDialog(page).getByRole('button', { name: 'Tap to pay' })).toHaveCount(0);
  });
});
