// The merchant PIN in the built app (docs/behaviour.md "Merchant PIN", docs/security.md): the
// lock banner at start, the PIN before every protected action, waits after wrong PINs that a
// reload does not reset, secrets sealed in IndexedDB, and payments stored while locked
// (decision 0024; e2e/locked-sales.spec.ts has the rest).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { invoiceDialog, LANDS, RECEIVED, requestInvoice, takePayment } from './helpers/invoice';
import { onboard } from './helpers/onboard';
import { LOCKED, PIN, PROMPT, enterPin, setPinInSettings } from './helpers/pin';
import { storedMoney } from './helpers/stored-money';

/** The raw rows of the keys table, as another program reading the profile would see them. */
function rawKeyRows(page: Page) {
  return page.evaluate(
    () =>
      new Promise<Array<{ key: string; value: unknown }>>((resolve, reject) => {
        const open = indexedDB.open('cashew-pos');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const read = db.transaction('keys').objectStore('keys').getAll();
          read.onsuccess = () => {
            db.close();
            resolve(
              (read.result as Array<{ key: string; value: unknown }>).map(({ key, value }) => ({
                key,
                value: value instanceof Uint8Array ? Array.from(value) : value,
              })),
            );
          };
          read.onerror = () => reject(read.error);
        };
      }),
  );
}

/** The lock banner's button opens the PIN dialog (the keypad stays usable without it). */
async function openLockDialog(page: Page) {
  await page.getByTestId('lock-banner').getByRole('button', { name: 'Enter PIN' }).click();
}

/** The gate closes 3 minutes after the PIN was entered for it; the page's clock jumps past that. */
async function letGateClose(page: Page) {
  await page.clock.fastForward('03:05');
}

test('every protected action asks for the PIN and works after it; the keypad never asks', async ({
  browser,
  page,
  mintUrl,
  relayUrl,
  payQuote,
}) => {
  // Two payments, a cashier and five PIN prompts: past the default timeout on a loaded machine.
  test.slow();
  await page.clock.install();
  await onboard(page, { mintUrl, relayUrl });
  await takePayment(page, 300, payQuote);
  await setPinInSettings(page, PIN);

  // Withdraw.
  await letGateClose(page);
  await page.getByRole('link', { name: 'Wallet', exact: true }).click();
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const prompt = page.getByRole('dialog', { name: PROMPT });
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText('recovery phrase');
  await enterPin(prompt, PIN);
  await page.getByRole('button', { name: /^Withdraw [\d,]+ sats$/ }).click();
  await expect(page.getByRole('dialog', { name: 'Scan to withdraw' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Cash out.
  await letGateClose(page);
  await page.getByRole('button', { name: 'Cash out', exact: true }).click();
  await enterPin(page.getByRole('dialog', { name: PROMPT }), PIN);
  await expect(page.getByRole('dialog', { name: 'Cash out to Lightning' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The Connect link.
  await letGateClose(page);
  await page.getByRole('link', { name: 'Connect', exact: true }).click();
  await expect(page.getByTestId('connection-string')).toHaveCount(0);
  await enterPin(page.getByTestId('pin-prompt'), PIN);
  await expect(page.getByTestId('connection-string')).toContainText('/remote/npub1');
  // The cashier's page (another device) never asks for the merchant's PIN.
  const link = (await page.getByTestId('connection-string').textContent())!;
  const cashier = await browser.newContext();
  const cashierPage = await cashier.newPage();
  await cashierPage.goto(link);
  await requestInvoice(cashierPage, 13);
  await expect(cashierPage.getByTestId('pin-prompt')).toHaveCount(0);
  await cashier.close();

  // Settings and the phrase behind them.
  await letGateClose(page);
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Save Settings' })).toHaveCount(0);
  await enterPin(page.getByTestId('pin-prompt'), PIN);
  await page.getByRole('button', { name: 'Show Recovery Phrase' }).click();
  await page.getByRole('button', { name: 'Reveal Phrase' }).click();
  await expect(page.getByRole('dialog', { name: 'Your Recovery Phrase' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The keypad takes a payment with the gate closed.
  await letGateClose(page);
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await payQuote(await requestInvoice(page, 21));
  await expect(page.getByText(RECEIVED).first()).toBeVisible(LANDS);
  await expect(page.getByRole('dialog', { name: PROMPT })).toHaveCount(0);
});

test('with a PIN the phrase, seed and nostr key are unreadable in IndexedDB', async ({
  page,
  mintUrl,
  relayUrl,
}) => {
  const { phrase } = await onboard(page, { mintUrl, relayUrl });
  await setPinInSettings(page, PIN);
  const rows = await rawKeyRows(page);
  const secrets = rows.filter((r) => ['nostr-sk', 'mnemonic', 'bip39-seed'].includes(r.key));
  expect(secrets).toHaveLength(3);
  for (const row of secrets) expect(String(row.value)).toMatch(/^sealed:v1:/);
  const everything = JSON.stringify(rows);
  for (const word of new Set(phrase.split(' '))) expect(everything).not.toContain(` ${word} `);
  expect(everything).not.toContain(phrase);
});

test('wrong PINs wait 1 s, 2 s, 4 s …, and a reload keeps the wait', async ({
  page,
  mintUrl,
  relayUrl,
}) => {
  await page.clock.install();
  await onboard(page, { mintUrl, relayUrl });
  await setPinInSettings(page, PIN);
  await page.reload();
  await openLockDialog(page);
  const lock = page.getByRole('dialog', { name: LOCKED });
  await expect(lock).toBeVisible();
  await expect(lock).toContainText('recovery phrase');

  await enterPin(lock, '0000');
  await expect(lock).toContainText('Wrong PIN. Try again in 1 s.');
  await expect(lock.getByRole('button', { name: 'Unlock' })).toBeDisabled();
  await page.clock.fastForward(1_000);
  await enterPin(lock, '1111');
  await expect(lock).toContainText('Wrong PIN. Try again in 2 s.');
  await page.clock.fastForward(2_000);
  await enterPin(lock, '2222');
  await expect(lock).toContainText('Wrong PIN. Try again in 4 s.');

  await page.reload();
  await openLockDialog(page);
  await expect(lock).toBeVisible();
  await expect(lock).toContainText(/Try again in [1-4] s\./);
  await lock.getByLabel('PIN', { exact: true }).fill(PIN);
  await expect(lock.getByRole('button', { name: 'Unlock' })).toBeDisabled();
  await page.clock.fastForward(4_000);
  await lock.getByRole('button', { name: 'Unlock' }).click();
  await expect(lock).toBeHidden();
  await page.getByRole('link', { name: 'Wallet', exact: true }).click();
  await expect(page.getByTestId('wallet-balance')).toBeVisible();
});

// Before decision 0024 this payment waited for the PIN; now it is stored at once, still locked.
test('a payment that arrives while the till is locked is stored at once, without the PIN', async ({
  page,
  mintUrl,
  relayUrl,
  payQuote,
}) => {
  await onboard(page, { mintUrl, relayUrl });
  await setPinInSettings(page, PIN);
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  const quote = await requestInvoice(page, 55);
  await expect(invoiceDialog(page)).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('lock-banner')).toContainText(LOCKED);
  await payQuote(quote);
  await expect(page.getByText(RECEIVED).first()).toBeVisible(LANDS);
  expect(await storedMoney(page)).toMatchObject({ balance: 55, pendingQuotes: 0 });
  await expect(page.getByTestId('lock-banner')).toBeVisible();
});

test('a PIN offered at the end of onboarding locks the next start', async ({ page, mintUrl }) => {
  await page.goto('/onboarding/welcome');
  await page.getByRole('button', { name: 'Create New Wallet' }).click();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('tab', { name: 'Custom Mint URL' }).click();
  await page.getByLabel('Mint URL', { exact: true }).fill(mintUrl);
  await page.getByRole('button', { name: 'Continue' }).click();
  // The mint step checks the mint before it moves on: the next Continue is the relay step's.
  await expect(page).toHaveURL(/\/onboarding\/relay-config$/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('New PIN (4 to 12 digits)').fill('123');
  await page.getByLabel('Repeat the PIN').fill('123');
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(page.getByText('The PIN must be 4 to 12 digits')).toBeVisible();
  await page.getByLabel('New PIN (4 to 12 digits)').fill(PIN);
  await page.getByLabel('Repeat the PIN').fill(PIN);
  await page.getByRole('button', { name: 'Complete Setup' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.reload();
  await openLockDialog(page);
  const lock = page.getByRole('dialog', { name: LOCKED });
  await expect(lock).toBeVisible();
  await enterPin(lock, PIN);
  await expect(lock).toBeHidden();
  await expect(page.getByTestId('lock-banner')).toHaveCount(0);
});
