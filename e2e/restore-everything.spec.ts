// The phrase alone brings the shop back (issue 34): a merchant sells on its own dev mint, moves to a
// second dev mint in Settings and sells there through a remote cashier; a fresh browser profile
// restores the phrase and gets both mints' sats, the shop name, the price settings and the items,
// while the first device keeps its cashier link: the cashier sells again and the first device mints it.
// Both devices' Connect screens say another device uses the phrase.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { mnemonicToSeedSync } from '@scure/bip39';
import { decode } from 'nostr-tools/nip19';
import { startMint, type DevMint } from '../dev/mint/server.ts';
import { APP_DATA_KIND, APP_DATA_PREFIX } from '../src/core/backup/app-data';
import { mintBackupFilter, mintBackupKeys, newestMintBackup } from '../src/core/backup/nut27';
import {
  MERCHANT_PROFILE_KIND,
  newestEvent,
  parseMerchantProfile,
} from '../src/core/remote-payments/merchant-profile';
import { expect, test } from './fixtures';
import { openCashier } from './helpers/cashier';
import { requestInvoice, takePayment } from './helpers/invoice';
import { onboard } from './helpers/onboard';
import { query } from './helpers/remote-sender';
import { storedMoney } from './helpers/stored-money';

const SHOP = 'Corner Café';
const SCANNED = { timeout: 90_000 };
/** Inbox delivery, the quote watch, relay round trips, a busy box. */
const LANDS = { timeout: 45_000 };
const received = (sats: number) =>
  `🌐 Remote Payment received! Proofs stored successfully. ${sats} sats`;
const OTHER_DEVICE_HOLDING =
  'Another device uses this recovery phrase and keeps the cashier links: their sales go to it. This link works only after you reset the cashier link here, which stops the other device’s links.';
const OTHER_DEVICE_PRESENT =
  'Another device restored this recovery phrase. It left the cashier links with this device: their sales still come here. Each device keeps its own balance.';

let mintA: DevMint;
let mintB: DevMint;
const dataDirs: string[] = [];

test.beforeAll(async () => {
  const dirs = await Promise.all([1, 2].map(() => mkdtemp(join(tmpdir(), 'cashew-e2e-all-'))));
  dataDirs.push(...dirs);
  mintA = await startMint({ port: 0, fresh: true, dataDir: dirs[0] });
  mintB = await startMint({ port: 0, fresh: true, dataDir: dirs[1] });
});

test.afterAll(async () => {
  await mintA?.close();
  await mintB?.close();
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function connectLink(page: Page): Promise<{ link: string; npub: string; pubkey: string }> {
  await page.getByRole('link', { name: 'Connect', exact: true }).click();
  const link = (await page.getByTestId('connection-string').textContent())!;
  const npub = new URL(link).pathname.split('/').pop()!;
  return { link, npub, pubkey: decode(npub as `npub1${string}`).data as string };
}

async function addItem(page: Page, name: string, price: string) {
  const form = page.getByTestId('item-form');
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Price', { exact: true }).fill(price);
  await form.getByRole('button', { name: 'Add item' }).click();
  await expect(page.getByRole('button', { name: `Edit ${name}`, exact: true })).toBeVisible();
}

/**
 * The cashier's amount unit set to sats when it offers the shop's currency (it does once it has
 * the merchant's price); without a price it takes sats already. The invoice's amount is checked
 * by requestInvoice either way.
 */
async function cashierInSats(page: Page) {
  const sats = page
    .getByRole('group', { name: 'Amount unit' })
    .getByRole('button', { name: 'sats' });
  if (!(await sats.isVisible())) {
    await sats.waitFor({ timeout: 5_000 }).catch(() => undefined);
  }
  if (await sats.isVisible()) await sats.click();
}

test('a fresh profile restores both mints, the shop name, prices and items, and the first device’s cashier link still sells', async ({
  browser,
  relayUrl,
  pricesUrl,
}) => {
  test.setTimeout(420_000);
  const firstContext = await browser.newContext();
  const first = await firstContext.newPage();
  const { phrase } = await onboard(first, { mintUrl: mintA.url, relayUrl });

  // The shop: a name, prices in USD, two items.
  await first.getByRole('link', { name: 'Settings', exact: true }).click();
  await first.getByLabel('Shop name').fill(SHOP);
  await first.getByLabel('Display currency').selectOption('USD');
  await first.getByLabel('Price source URL').fill(pricesUrl);
  await first.getByRole('button', { name: 'Save shop settings' }).click();
  await expect(first.getByLabel('Shop name')).toHaveValue(SHOP);
  await expect(first.getByTestId('price-status')).toContainText('Price source reached');
  await first.getByRole('link', { name: 'Items and tips' }).click();
  await expect(first.getByRole('heading', { name: 'Items', level: 1 })).toBeVisible(LANDS);
  await addItem(first, 'Flat white', '2500');
  await addItem(first, 'Cheesecake', '4100');
  const settingsSaved = Math.ceil(Date.now() / 1000);

  // A sale on the merchant's own mint.
  await takePayment(first, 21, (quote) => mintA.pay(quote));

  // The merchant moves to the second mint; the first stays accepted. A cashier sells there.
  await first.getByRole('link', { name: 'Settings', exact: true }).click();
  await first.getByLabel('Mint URL').fill(mintB.url);
  await first.getByRole('button', { name: 'Save Settings' }).click();
  // The 21 sats stay on the first mint: the merchant confirms the switch.
  await first.getByRole('button', { name: 'Switch mint and save' }).click();
  await expect(
    first.getByText('Settings saved. New mint and relays will be used going forward.'),
  ).toBeVisible(LANDS);
  await expect(first.getByTestId('accepted-mints')).toContainText(new URL(mintA.url).host);
  const merchant = await connectLink(first);
  await expect
    .poll(async () => {
      const events = await query(relayUrl, {
        kinds: [MERCHANT_PROFILE_KIND],
        authors: [merchant.pubkey],
      });
      const newest = newestEvent(events);
      return newest ? parseMerchantProfile(newest)?.mints[0] : undefined;
    }, LANDS)
    .toBe(mintB.url);
  const cashier = await openCashier(browser, merchant.link, merchant.npub, SHOP);
  await expect(cashier.page.getByTestId('cashier-mint')).toContainText(new URL(mintB.url).host);
  // The cashier takes the shop's currency (USD here) first: these sales are typed in sats.
  await cashierInSats(cashier.page);
  await mintB.pay(await requestInvoice(cashier.page, 34));
  await expect(first.getByText(received(34))).toBeVisible(LANDS);
  expect((await storedMoney(first)).balance).toBe(55);

  // The backups the restore reads are on the relay: the NUT-27 list names both mints, and the
  // settings and items parts were published after the shop was set up.
  const keys = mintBackupKeys(mnemonicToSeedSync(phrase));
  await expect
    .poll(async () => {
      const mints = newestMintBackup(keys, await query(relayUrl, mintBackupFilter(keys)));
      return (mints ?? []).map((m) => new URL(m).host).sort();
    }, LANDS)
    .toEqual([new URL(mintA.url).host, new URL(mintB.url).host].sort());
  await expect
    .poll(async () => {
      const events = await query(relayUrl, {
        kinds: [APP_DATA_KIND],
        authors: [merchant.pubkey],
        since: settingsSaved,
      });
      // The cashiers' catalog is application data of the same author too (its own `d` tag).
      const backupParts = [`${APP_DATA_PREFIX}items`, `${APP_DATA_PREFIX}settings`];
      return events
        .map((e) => e.tags.find((t) => t[0] === 'd')?.[1])
        .filter((d) => d !== undefined && backupParts.includes(d))
        .sort();
    }, LANDS)
    .toEqual([`${APP_DATA_PREFIX}items`, `${APP_DATA_PREFIX}settings`]);

  // A fresh profile restores the phrase, onboarding on the first mint only.
  const secondContext = await browser.newContext();
  const second = await secondContext.newPage();
  await onboard(second, { phrase, mintUrl: mintA.url, relayUrl });
  await expect(second.getByTestId('restore-result')).toContainText(
    'Recovery finished: 55 sats found',
    SCANNED,
  );
  await expect(second.getByTestId('restore-result')).toContainText(new URL(mintB.url).host);
  expect((await storedMoney(second)).balance).toBe(55);
  await second.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(second.getByLabel('Shop name')).toHaveValue(SHOP);
  await expect(second.getByLabel('Display currency')).toHaveValue('USD');
  await expect(second.getByLabel('Price source URL')).toHaveValue(pricesUrl);
  await expect(second.getByTestId('accepted-mints')).toContainText(new URL(mintB.url).host);
  await second.getByRole('link', { name: 'Items and tips' }).click();
  await expect(second.getByRole('button', { name: 'Edit Flat white', exact: true })).toBeVisible(
    LANDS,
  );
  await expect(second.getByRole('button', { name: 'Edit Cheesecake', exact: true })).toBeVisible();
  // The restored device left the first device's profile alone, and says so.
  await second.getByRole('link', { name: 'Connect', exact: true }).click();
  await expect(second.getByText(OTHER_DEVICE_HOLDING)).toBeVisible(LANDS);
  await secondContext.close();

  // Its note is on the relay: the first device, at its next start, says another device is there.
  await expect
    .poll(async () => {
      const notes = await query(relayUrl, {
        kinds: [APP_DATA_KIND],
        authors: [merchant.pubkey],
        '#d': [`${APP_DATA_PREFIX}holding`],
      });
      return notes.length;
    }, LANDS)
    .toBeGreaterThan(0);
  await first.reload();
  await first.getByRole('link', { name: 'Connect', exact: true }).click();
  await expect(first.getByText(OTHER_DEVICE_PRESENT)).toBeVisible(LANDS);

  // The first device's link still sells, and the first device mints the sale.
  await cashier.page.reload();
  await expect(cashier.page.getByRole('button', { name: 'Submit' })).toBeVisible(LANDS);
  await cashierInSats(cashier.page);
  await mintB.pay(await requestInvoice(cashier.page, 13));
  await expect(first.getByText(received(13))).toBeVisible(LANDS);
  expect((await storedMoney(first)).balance).toBe(68);
  await cashier.context.close();
  await firstContext.close();
});
