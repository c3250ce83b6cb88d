// A sale taken while the till is locked survives the device (decision 0050): it is backed up on
// the relays before its mint request, so a second browser restoring the phrase gets it although
// the first never unlocked; and Settings says when the relay did not take the backup yet, until
// it does. Each test has a dev relay and a dev mint of its own.
import type { Browser, Page } from '@playwright/test';
import { startRelay, type DevRelay } from '../dev/relay/server.ts';
import { LOCKED_SALE_TAG } from '../src/core/backup/locked-sale-envelope';
import { expect, test } from './fixtures';
import { freePort } from './helpers/cashier';
import { freshMint } from './helpers/fresh-mint';
import { LANDS, RECEIVED, requestInvoice } from './helpers/invoice';
import { onboard } from './helpers/onboard';
import { enterPin, PIN, setPinInSettings } from './helpers/pin';
import { query } from './helpers/remote-sender';
import { storedMoney } from './helpers/stored-money';

const SCANNED = { timeout: 45_000 };
const PENDING_LINE =
  'A sale taken while locked is not backed up on your relays yet. It is sent again until a relay takes it.';

let relay: DevRelay | undefined;
test.afterEach(async () => {
  await relay?.close();
  relay = undefined;
});

/** Device 1: onboarded, a PIN set, reloaded (locked); the phrase it was created from. */
async function lockedTill(page: Page, mintUrl: string, relayUrl: string): Promise<string> {
  const { phrase } = await onboard(page, { mintUrl, relayUrl });
  await setPinInSettings(page, PIN);
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await page.reload();
  await expect(page.getByTestId('lock-banner')).toBeVisible();
  return phrase;
}

/** A sale of `sats` on the keypad, paid at the mint, landed while the till stays locked. */
async function lockedSale(page: Page, sats: number, pay: (quote: string) => Promise<unknown>) {
  const quote = await requestInvoice(page, sats);
  await pay(quote);
  await expect(page.getByText(RECEIVED).first()).toBeVisible(LANDS);
  await expect(page.getByTestId('lock-banner')).toBeVisible();
  return quote;
}

async function newDevice(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test.describe('a sale taken while locked', () => {
  const mint = freshMint(test, 'each', 'locked-backup');
  const pay = (quote: string) => mint().pay(quote);

  test('is in the restore of a second device, although the first never unlocked', async ({
    browser,
  }) => {
    // Two onboardings and a restore scan.
    test.setTimeout(150_000);
    relay = await startRelay({ port: await freePort() });
    const device1 = await newDevice(browser);
    const phrase = await lockedTill(device1, mint().url, relay.url);
    await lockedSale(device1, 34, pay);
    expect(await storedMoney(device1)).toMatchObject({ balance: 34, pendingQuotes: 0 });

    const device2 = await newDevice(browser);
    await onboard(device2, { phrase, mintUrl: mint().url, relayUrl: relay.url });
    await expect(
      device2.getByText('Recovery finished: 34 sats found and added to your balance.'),
    ).toBeVisible(SCANNED);
    await device2.getByRole('link', { name: 'Wallet', exact: true }).click();
    await expect(device2.getByTestId('wallet-balance')).toHaveText('34 sats');
    const stored = await storedMoney(device2);
    expect(stored.balance).toBe(34);
    expect(stored.history.filter((e) => e.type === 'restore').map((e) => e.amount)).toEqual([34]);
    // Device 1 is still locked and still holds its sale.
    await expect(device1.getByTestId('lock-banner')).toBeVisible();
    await expect(device1.getByTestId('home-balance')).toHaveText('34 sats');
  });

  test('whose relay is down shows in Settings as not backed up, until the relay takes it', async ({
    page,
  }) => {
    test.slow();
    const port = await freePort();
    relay = await startRelay({ port });
    const relayUrl = relay.url;
    await lockedTill(page, mint().url, relayUrl);
    await relay.close();
    relay = undefined;
    // The sale lands without the relay.
    await lockedSale(page, 21, pay);
    // The swap the PIN starts fails for now, so the sale still needs its backup.
    mint().addFault({ path: '/v1/swap', method: 'POST', action: 'error500' });

    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await enterPin(page.getByTestId('pin-prompt'), PIN);
    await expect(page.getByTestId('locked-backup-pending')).toHaveText(PENDING_LINE, LANDS);

    relay = await startRelay({ port });
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByTestId('locked-backup-pending')).toHaveCount(0, LANDS);
    const envelopes = await query(relayUrl, { kinds: [30078], '#t': [LOCKED_SALE_TAG] });
    expect(envelopes).toHaveLength(1);
  });
});
