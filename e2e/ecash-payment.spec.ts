// Paying a sale with ecash: a customer wallet outside the app reads the NUT-18 request off the
// invoice screen and pays it over the dev relay; the sale lands once, strangers' payloads never.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { expect, test } from './helpers/own-mint';
import { getEncodedToken } from '@cashu/cashu-ts';
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { clickDigits, invoiceDialog, LANDS, RECEIVED, requestInvoice } from './helpers/invoice';
import { onboard } from './helpers/onboard';
import { customerWallet } from './helpers/customer';
import { customerProofs, readRequest, sendPayload } from './helpers/ecash-payer';
import { enterPin, LOCKED, PIN, PROMPT, setPinInSettings } from './helpers/pin';
import { storedMoney } from './helpers/stored-money';
import { appRows } from './helpers/app-rows';

const balance = (page: Page) => page.getByTestId('home-balance');

/** Reloads, waits for the balance to show `sats`, opens Wallet and expects exactly one ecash sale. */
async function oneEcashSaleAfterReload(page: Page, sats: number) {
  await page.reload();
  await expect(balance(page)).toHaveText(`${sats} sats`, LANDS);
  await page.getByRole('link', { name: 'Wallet', exact: true }).click();
  await expect(page.getByText('Ecash sale')).toHaveCount(1, LANDS);
}

/** Sets the dev mint's faults (dev/mint/README.md); an empty list clears them. */
async function mintFaults(mintUrl: string, faults: unknown[]): Promise<void> {
  const response = await fetch(`${mintUrl}/dev/faults`, {
    method: faults.length ? 'POST' : 'DELETE',
    headers: { 'content-type': 'application/json' },
    ...(faults.length ? { body: JSON.stringify({ faults }) } : {}),
  });
  expect(response.ok).toBe(true);
}

/** How many ecash receipts are journaled, not yet swapped and recorded. */
async function journaledReceipts(page: Page) {
  return (await appRows(page, { ecashReceipts: 'keys' })).ecashReceipts.length;
}

async function requestOnScreen(page: Page): Promise<string> {
  const dialog = invoiceDialog(page);
  await dialog.getByRole('button', { name: 'Ecash', exact: true }).click();
  const text = (await dialog.getByTestId('ecash-request-string').textContent()) ?? '';
  expect(text).toMatch(/^creqA/);
  return text;
}

test.describe('paying a sale with ecash', () => {
  test('the request on screen asks for ecash locked to the merchant; paid so over the relay, it lands once; wrong id, short, malformed, another mint, unlocked and locked to another key store nothing', async ({
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
    // The dev mint lists NUT-10 and NUT-11: the request asks for a P2PK lock to the merchant.
    expect(request.lock?.pubkey).toMatch(/^0[23][0-9a-f]{64}$/);
    const { lock } = request;

    // A payload for no open request, and a short one: nothing stored.
    await sendPayload(request, {
      id: 'not-a-request',
      proofs: await customerProofs(mintUrl, 21, payQuote, lock),
    });
    await sendPayload(request, { proofs: await customerProofs(mintUrl, 20, payQuote, lock) });
    await expect(page.getByText(/the sale is 21 sats/)).toBeVisible(LANDS);
    // Malformed proofs: silent. Another mint: named. Spent by the customer first: said so.
    await sendPayload(request, { proofs: [{ amount: 21, id: 'zz', secret: 's' }] });
    await sendPayload(request, {
      mint: 'http://127.0.0.1:9',
      proofs: await customerProofs(mintUrl, 21, payQuote, lock),
    });
    await expect(page.getByText('Ecash from http://127.0.0.1:9 is not accepted here')).toBeVisible(
      LANDS,
    );
    // Unlocked ecash, and ecash locked to someone else's key: refused, the reason said.
    await sendPayload(request, { proofs: await customerProofs(mintUrl, 21, payQuote) });
    await expect(
      page.getByText('This ecash is not locked to the shop, as the request asked'),
    ).toBeVisible(LANDS);
    const elsewhere = await customerProofs(mintUrl, 21, payQuote, {
      pubkey: `02${getPublicKey(generateSecretKey())}`,
    });
    await sendPayload(request, { proofs: elsewhere });
    await expect(page.getByText('This ecash is locked to another key')).toBeVisible(LANDS);
    await expect(invoiceDialog(page)).toBeVisible();
    await expect(balance(page)).toHaveText('0 sats');
    expect(await storedMoney(page)).toMatchObject({ balance: 0, history: [] });

    // The right payload, locked as asked, sent twice: once.
    const proofs = await customerProofs(mintUrl, 21, payQuote, lock);
    await sendPayload(request, { proofs });
    await sendPayload(request, { proofs });
    await expect(page.getByText(RECEIVED).first()).toBeVisible(LANDS);
    await expect(invoiceDialog(page)).toBeHidden();
    await expect(balance(page)).toHaveText('21 sats', LANDS);
    await oneEcashSaleAfterReload(page, 21);
  });

  test('a token pasted at the keypad lands once for the typed amount, the rest as the tip; malformed and spent store nothing', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
  }) => {
    await onboard(page, { mintUrl, relayUrl });
    await expect(balance(page)).toHaveText('0 sats');
    const tokenOf = (proofs: unknown) =>
      getEncodedToken({ mint: mintUrl, unit: 'sat', proofs: proofs as never });
    const spent = await customerProofs(mintUrl, 21, payQuote);
    await (await customerWallet(mintUrl)).receive({ mint: mintUrl, unit: 'sat', proofs: spent });
    const good = tokenOf(await customerProofs(mintUrl, 25, payQuote));

    await clickDigits(page, '21');
    await page.getByRole('button', { name: 'Receive ecash' }).click();
    const dialog = page.getByRole('dialog', { name: 'Receive 21 sats in ecash' });
    await expect(dialog).toBeVisible();
    const field = dialog.getByLabel('Ecash token');
    const take = dialog.getByRole('button', { name: 'Take ecash' });

    await field.fill('cashuBnot-a-token');
    await take.click();
    await expect(dialog.getByText('This is not a Cashu ecash token')).toBeVisible(LANDS);
    await field.fill(tokenOf(spent));
    await take.click();
    await expect(dialog.getByText('This ecash was already spent')).toBeVisible(LANDS);
    await expect(balance(page)).toHaveText('0 sats');

    await field.fill(good);
    await take.click();
    await expect(page.getByText(RECEIVED).first()).toBeVisible(LANDS);
    await expect(dialog).toBeHidden();
    await expect(balance(page)).toHaveText('25 sats', LANDS);

    // The same token again, for another sale: already taken, counted once.
    await clickDigits(page, '25');
    await page.getByRole('button', { name: 'Receive ecash' }).click();
    const again = page.getByRole('dialog', { name: 'Receive 25 sats in ecash' });
    await again.getByLabel('Ecash token').fill(good);
    await again.getByRole('button', { name: 'Take ecash' }).click();
    await expect(again.getByText('This ecash was already taken')).toBeVisible(LANDS);
    await page.keyboard.press('Escape');
    await expect(again).toBeHidden();

    await oneEcashSaleAfterReload(page, 25);
  });

  test('a locked till takes a pasted token without the PIN: it lands at once, sealed, and is there after the PIN', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
  }) => {
    await onboard(page, { mintUrl, relayUrl });
    await setPinInSettings(page, PIN);
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await page.reload();
    await expect(page.getByTestId('lock-banner')).toContainText(LOCKED);
    const proofs = await customerProofs(mintUrl, 34, payQuote);

    await clickDigits(page, '34');
    await page.getByRole('button', { name: 'Receive ecash' }).click();
    const dialog = page.getByRole('dialog', { name: 'Receive 34 sats in ecash' });
    await dialog
      .getByLabel('Ecash token')
      .fill(getEncodedToken({ mint: mintUrl, unit: 'sat', proofs }));
    await dialog.getByRole('button', { name: 'Take ecash' }).click();
    await expect(page.getByText(RECEIVED).first()).toBeVisible(LANDS);
    await expect(balance(page)).toHaveText('34 sats', LANDS);
    await expect(page.getByTestId('lock-banner')).toBeVisible();
    expect(await storedMoney(page)).toMatchObject({
      balance: 34,
      history: [{ type: 'ecash-payment', amount: 34 }],
    });
    // Sealed at rest (decision 0030): no secret the customer sent nor any new one is readable.
    const rows = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const open = indexedDB.open('cashew-pos');
          open.onsuccess = () => {
            const read = open.result.transaction('proofs').objectStore('proofs').getAll();
            read.onsuccess = () => resolve(JSON.stringify(read.result));
          };
        }),
    );
    expect(rows).not.toContain('"C":"0');
    for (const p of proofs) expect(rows).not.toContain(p.secret);

    // After the PIN the sealed proofs open: the whole sale can be withdrawn, recorded once.
    await page.getByRole('link', { name: 'Wallet', exact: true }).click();
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await enterPin(page.getByRole('dialog', { name: PROMPT }), PIN);
    await expect(page.getByRole('button', { name: 'Withdraw 34 sats' })).toBeVisible(LANDS);
    expect(await storedMoney(page)).toMatchObject({ balance: 34, history: [{ amount: 34 }] });
  });

  test('a reload between receipt and swap lands the sale once at start-up, with its toast', async ({
    page,
    mintUrl,
    relayUrl,
    payQuote,
  }) => {
    await onboard(page, { mintUrl, relayUrl });
    await requestInvoice(page, 13);
    const request = readRequest(await requestOnScreen(page));
    const proofs = await customerProofs(mintUrl, 13, payQuote, request.lock);

    // The mint fails the swap and the restore: the payload is journaled, not swapped.
    await mintFaults(mintUrl, [
      { path: '/v1/swap', method: 'POST', action: 'error500' },
      { path: '/v1/restore', method: 'POST', action: 'error500' },
    ]);
    try {
      await sendPayload(request, { proofs });
      await expect.poll(() => journaledReceipts(page), LANDS).toBe(1);
      expect(await storedMoney(page)).toMatchObject({ balance: 0, history: [] });
    } finally {
      await mintFaults(mintUrl, []);
    }

    await page.reload();
    await expect(page.getByText(RECEIVED).first()).toBeVisible(LANDS);
    await expect(balance(page)).toHaveText('13 sats', LANDS);
    await expect.poll(() => journaledReceipts(page), LANDS).toBe(0);
    // The customer's payload again (another relay, a retry): still once.
    await sendPayload(request, { proofs });
    await page.reload();
    await expect(balance(page)).toHaveText('13 sats', LANDS);
    expect(await storedMoney(page)).toMatchObject({
      balance: 13,
      pendingQuotes: 0,
      history: [{ type: 'ecash-payment', amount: 13 }],
    });
  });

  test('dev/pay-request.ts pays the requests on screen from its own seed, as `npm start` demonstrates it', async ({
    page,
    mintUrl,
    relayUrl,
  }, testInfo) => {
    await onboard(page, { mintUrl, relayUrl });
    // The same payer file twice: its counters carry over, so the second sale's outputs are new.
    const wallet = testInfo.outputPath('payer.json');
    const pay = async (args: string[]) =>
      (
        await promisify(execFile)(
          process.execPath,
          ['--import', 'tsx', 'dev/pay-request.ts', '--wallet', wallet, ...args],
          { timeout: 60_000 },
        )
      ).stdout;

    await requestInvoice(page, 13);
    expect(await pay(['--tip', '2', await requestOnScreen(page)])).toContain('15 sats');
    await expect(page.getByText(RECEIVED).first()).toBeVisible(LANDS);
    await expect(balance(page)).toHaveText('15 sats', LANDS);

    await expect(invoiceDialog(page)).toBeHidden();
    await requestInvoice(page, 8);
    expect(await pay([await requestOnScreen(page)])).toContain('8 sats');
    await expect(balance(page)).toHaveText('23 sats', LANDS);
  });
});
