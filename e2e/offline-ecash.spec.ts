// Ecash taken while the till cannot reach its mint (decision 0068): a customer's token locked to
// the shop with its DLEQ proofs is checked on the device and recorded as taken offline; back
// online it is redeemed once, a reload in the middle of that swap included; a token above the
// per-sale cap, and the same token twice, are refused with their reasons.
import type { BrowserContext, Page } from '@playwright/test';
import { getEncodedToken, type P2PKOptions } from '@cashu/cashu-ts';
import { expect, test } from './helpers/own-mint';
import { clickDigits, invoiceDialog, LANDS, requestInvoice } from './helpers/invoice';
import { onboard } from './helpers/onboard';
import { customerProofs, readRequest } from './helpers/ecash-payer';
import { appRows } from './helpers/app-rows';
import { storedMoney } from './helpers/stored-money';
import { mintFault, openWallet } from './helpers/wallet-screen';
import homeToasts from '../src/features/pos/locales/home-toasts/en.json' with { type: 'json' };
import caps from '../src/features/settings/locales/offline-caps/en.json' with { type: 'json' };
import rows from '../src/features/wallet/locales/offline-sales/en.json' with { type: 'json' };

const TAKEN = homeToasts.TAKEN_OFFLINE_TEXT;
const balance = (page: Page) => page.getByTestId('home-balance');

/** Closes the dialog on top and clears the keypad. */
async function closeAndClear(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.keyboard.press('Delete');
}

/**
 * The shop's ecash lock key, read off an online invoice's ecash request (the offline request
 * names the same key), with the receive dialog's code loaded while the network is there.
 */
async function shopLock(page: Page): Promise<P2PKOptions> {
  await requestInvoice(page, 1);
  const dialog = invoiceDialog(page);
  await dialog.getByRole('button', { name: 'Ecash', exact: true }).click();
  const request = readRequest(
    (await dialog.getByTestId('ecash-request-string').textContent()) ?? '',
  );
  await closeAndClear(page);
  expect(request.lock?.pubkey).toMatch(/^0[23][0-9a-f]{64}$/);
  await clickDigits(page, '1');
  await page.getByRole('button', { name: 'Receive ecash' }).click();
  await expect(page.getByRole('dialog', { name: 'Receive 1 sat in ecash' })).toBeVisible();
  await closeAndClear(page);
  return request.lock!;
}

/** A customer's token of `sats` locked to the shop, its DLEQ proofs kept. */
async function lockedToken(
  mintUrl: string,
  sats: number,
  payQuote: (quote: string) => Promise<void>,
  lock: P2PKOptions,
): Promise<string> {
  const proofs = await customerProofs(mintUrl, sats, payQuote, lock);
  expect(proofs.every((p) => p.dleq?.r !== undefined)).toBe(true);
  return getEncodedToken({ mint: mintUrl, unit: 'sat', proofs }, { removeDleq: false });
}

/** Pastes `token` for a sale of `sats`; the dialog stays open when it is refused. */
async function pasteToken(page: Page, sats: number, token: string) {
  await clickDigits(page, String(sats));
  await page.getByRole('button', { name: 'Receive ecash' }).click();
  const dialog = page.getByRole('dialog', { name: `Receive ${sats} sats in ecash` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Ecash token').fill(token);
  await dialog.getByRole('button', { name: 'Take ecash' }).click();
  return dialog;
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

interface Stack {
  mintUrl: string;
  relayUrl: string;
  payQuote: (quote: string) => Promise<void>;
}

/** An onboarded shop, and a customer's token of `sats` locked to it. */
async function shopWithToken(page: Page, stack: Stack, sats: number): Promise<string> {
  await onboard(page, stack);
  await expect(balance(page)).toHaveText('0 sats');
  const lock = await shopLock(page);
  return lockedToken(stack.mintUrl, sats, stack.payQuote, lock);
}

/** After a reload, `sats` in the balance and exactly one ecash sale of them. */
async function redeemedOnce(page: Page, sats: number) {
  await page.reload();
  await expect(balance(page)).toHaveText(`${sats} sats`, LANDS);
  expect(await storedMoney(page)).toMatchObject({
    balance: sats,
    history: [{ type: 'ecash-payment', amount: sats }],
  });
}

async function journaled(page: Page): Promise<number> {
  return (await appRows(page, { ecashReceipts: 'keys' })).ecashReceipts.length;
}

test.describe('ecash taken offline', () => {
  // Each test onboards, mints at the dev mint and goes offline and back: more than the default.
  test.setTimeout(180_000);

  test('a locked token is taken offline, redeemed once back online, and refused a second time', async ({
    page,
    context,
    mintUrl,
    relayUrl,
    payQuote,
  }) => {
    const token = await shopWithToken(page, { mintUrl, relayUrl, payQuote }, 21);
    // The Wallet's code is loaded while the network is there.
    await openWallet(page);
    await page.getByRole('link', { name: 'Home', exact: true }).click();

    await goOffline(context, page);
    await clickDigits(page, '21');
    await page.getByRole('button', { name: 'Receive ecash' }).click();
    const dialog = page.getByRole('dialog', { name: 'Receive 21 sats in ecash' });
    // The request locked to the shop is offered while the mint cannot be reached.
    await expect(dialog.getByTestId('offline-request')).toBeVisible(LANDS);
    await dialog.getByLabel('Ecash token').fill(token);
    await dialog.getByRole('button', { name: 'Take ecash' }).click();
    await expect(page.getByText(TAKEN).first()).toBeVisible(LANDS);
    await expect(dialog).toBeHidden();
    await expect(balance(page)).toHaveText('0 sats');
    expect(await journaled(page)).toBe(1);

    // The same token again, still offline: already taken.
    const again = await pasteToken(page, 21, token);
    await expect(again.getByText('Offline: this ecash was already taken')).toBeVisible(LANDS);
    await closeAndClear(page);

    await openWallet(page);
    const card = page.getByTestId('offline-sales');
    await expect(card.getByRole('listitem')).toHaveCount(1);
    await expect(card).toContainText(rows.OFFLINE_SALES_WAITING);

    // Back online: swapped once, the balance rises by the sale, the row says redeemed.
    await context.setOffline(false);
    await expect(card.getByRole('listitem').first()).toHaveAttribute(
      'data-state',
      'redeemed',
      LANDS,
    );
    await expect(card).toContainText(rows.OFFLINE_SALES_REDEEMED);
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(balance(page)).toHaveText('21 sats', LANDS);
    expect(await journaled(page)).toBe(0);

    // Shown again online, the ecash is spent: counted once.
    const online = await pasteToken(page, 21, token);
    await expect(online.getByText(/already (taken|spent)/)).toBeVisible(LANDS);
    await closeAndClear(page);
    await redeemedOnce(page, 21);
  });

  test('a reload in the middle of the redemption swap still redeems the sale exactly once', async ({
    page,
    context,
    mintUrl,
    relayUrl,
    payQuote,
    request,
  }) => {
    const token = await shopWithToken(page, { mintUrl, relayUrl, payQuote }, 34);
    await goOffline(context, page);
    await pasteToken(page, 34, token);
    await expect(page.getByText(TAKEN).first()).toBeVisible(LANDS);

    // The mint makes the swap and never answers: the tab is reloaded while it waits.
    await mintFault(request, mintUrl, {
      path: '/v1/swap',
      method: 'POST',
      action: 'holdReply',
      count: 1,
    });
    await context.setOffline(false);
    await expect
      .poll(
        async () =>
          ((await (await request.get(`${mintUrl}/dev/faults`)).json()) as { faults: unknown[] })
            .faults,
        LANDS,
      )
      .toEqual([]);
    await page.reload();
    await expect(balance(page)).toHaveText('34 sats', LANDS);
    await expect.poll(() => journaled(page), LANDS).toBe(0);
    await redeemedOnce(page, 34);
  });

  test('a token above the per-sale cap set in Settings is refused offline with the reason', async ({
    page,
    context,
    mintUrl,
    relayUrl,
    payQuote,
  }) => {
    const token = await shopWithToken(page, { mintUrl, relayUrl, payQuote }, 21);

    await page.goto('/settings');
    const form = page.getByRole('form', { name: caps.OFFLINE_CAPS_TITLE });
    const perSale = form.getByLabel(caps.OFFLINE_CAP_SALE);
    await perSale.fill('20 sats');
    await form.getByRole('button', { name: caps.OFFLINE_CAPS_SAVE }).click();
    await expect(form.getByText(caps.OFFLINE_CAPS_NEEDS_WHOLE)).toBeVisible();
    await perSale.fill('20');
    await form.getByRole('button', { name: caps.OFFLINE_CAPS_SAVE }).click();
    await expect(page.getByText(caps.OFFLINE_CAPS_SAVED)).toBeVisible();
    await page.goto('/');
    await expect(balance(page)).toHaveText('0 sats');

    await goOffline(context, page);
    const dialog = await pasteToken(page, 21, token);
    await expect(dialog.getByText('Offline: sales above 20 sats need the mint')).toBeVisible(LANDS);
    await expect(balance(page)).toHaveText('0 sats');
    expect(await journaled(page)).toBe(0);
  });
});
