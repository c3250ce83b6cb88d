// Onboarding only for a device without a wallet, tried as someone at the counter would
// (docs/security.md "Someone at the counter"): every onboarding route, with a finished onboarding
// session for another phrase and mint, on a locked and an unlocked till; and Replace wallet in
// Settings, refused with a balance until it is withdrawn or the current phrase is typed back.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { customerWallet } from './helpers/customer';
import { LANDS, takePayment } from './helpers/invoice';
import { onboard } from './helpers/onboard';
import { PIN, setPinInSettings } from './helpers/pin';
import { storedMoney } from './helpers/stored-money';
import { allowCopy } from './helpers/wallet-screen';

const ROUTES = [
  '/onboarding',
  '/onboarding/welcome',
  '/onboarding/mnemonic?mode=restore',
  '/onboarding/mint-selection',
  '/onboarding/relay-config',
  '/onboarding/complete',
  '/onboarding-legacy',
];
/** The NIP-06 test phrase and a mint that is not the merchant's: what an attacker would bring. */
const OTHER_PHRASE =
  'leader monkey parrot ring guide accident before fence cannon height naive bean';
const OTHER_MINT = 'http://127.0.0.1:9';
const OTHER_RELAY = 'ws://127.0.0.1:9';
const REFUSED_BALANCE =
  'Withdraw or cash out the balance first, or check the current recovery phrase below: it is the only way to get this balance back.';

/** The wallet as stored: its key rows (sealed or not) and the config rows that define it. */
function storedWallet(page: Page) {
  return page.evaluate(
    () =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        const open = indexedDB.open('cashew-pos');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['keys', 'config'], 'readonly');
          const keys = tx.objectStore('keys').getAll();
          const config = tx.objectStore('config').getAll();
          tx.oncomplete = () => {
            db.close();
            const out: Record<string, unknown> = {};
            for (const { key, value } of keys.result as Array<{ key: string; value: unknown }>) {
              // The inbox makes the pairing secret at its first start, whenever that lands.
              if (key === 'pairing-secret') continue;
              out[`keys.${key}`] = value instanceof Uint8Array ? Array.from(value) : value;
            }
            for (const { key, value } of config.result as Array<{ key: string; value: unknown }>) {
              if (['MINT_URL', 'RELAYS', 'ONBOARDED'].includes(key)) out[`config.${key}`] = value;
            }
            resolve(out);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}

/** A finished onboarding session in sessionStorage, as the steps would leave it. */
async function plantSession(page: Page) {
  await page.evaluate(
    ([phrase, mint, relay]) =>
      sessionStorage.setItem(
        'cashew.onboarding',
        JSON.stringify({ phrase, mode: 'restore', mint, relays: [relay] }),
      ),
    [OTHER_PHRASE, OTHER_MINT, OTHER_RELAY] as const,
  );
}

/** Visits every onboarding route with the planted session and tries to finish it. */
async function tryEveryRoute(page: Page) {
  for (const route of ROUTES) {
    await plantSession(page);
    await page.goto(route);
    await expect(page).toHaveURL(/\/$/);
    // Whatever screen flashed up, nothing that would finish onboarding stays.
    await expect(page.getByRole('button', { name: 'Complete Setup' })).toHaveCount(0);
    await expect(page.getByLabel('Recovery phrase')).toHaveCount(0);
  }
}

test('a locked till: every onboarding route, with another phrase and mint ready, changes nothing', async ({
  page,
  mintUrl,
  relayUrl,
}) => {
  // Sixteen page loads.
  test.setTimeout(150_000);
  await onboard(page, { mintUrl, relayUrl });
  await setPinInSettings(page, PIN);
  await page.reload();
  const before = await storedWallet(page);
  expect(before['config.MINT_URL']).toBe(mintUrl);
  expect(String(before['keys.mnemonic'])).toMatch(/^sealed:v1:/);

  await tryEveryRoute(page);

  // A stale copy of the flag (localStorage cleared, IndexedDB kept): the prerendered welcome may
  // show for a moment, and its buttons lead nowhere but home.
  await page.evaluate(() => localStorage.clear());
  await plantSession(page);
  await page.goto('/onboarding');
  await page
    .getByRole('button', { name: 'Restore Existing Wallet' })
    .click({ timeout: 2_000 })
    .catch(() => {});
  await expect(page).toHaveURL(/\/$/);
  await page.evaluate(() => localStorage.clear());
  await tryEveryRoute(page);

  expect(await storedWallet(page)).toEqual(before);
});

test('an unlocked till is sent home from every onboarding route, replacing the history entry', async ({
  page,
  mintUrl,
  relayUrl,
}) => {
  test.setTimeout(120_000);
  await onboard(page, { mintUrl, relayUrl });
  // Start-up makes the sales inbox key (decision 0030) and the device key (docs/protocol.md,
  // "Device envelopes") once the wallet exists: not a change.
  await expect
    .poll(async () => Object.keys(await storedWallet(page)), { timeout: 15_000 })
    .toEqual(expect.arrayContaining(['keys.sales-inbox-key', 'keys.device-key']));
  const before = await storedWallet(page);
  await tryEveryRoute(page);
  expect(await storedWallet(page)).toEqual(before);

  await page.goto('/wallet');
  await expect(page.getByRole('heading', { name: 'Wallet', exact: true })).toBeVisible();
  await page.goto('/onboarding-legacy');
  await expect(page).toHaveURL(/\/$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/wallet$/);
});

async function openReplace(page: Page) {
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByRole('button', { name: 'Replace wallet', exact: true }).click();
  return page.getByTestId('replace-wallet-panel');
}

const CONFIRM = 'Forget this wallet and set up another';

test('Replace wallet with a balance is refused until it is withdrawn; then onboarding runs again and the new wallet works', async ({
  page,
  context,
  appUrl,
  mintUrl,
  relayUrl,
  payQuote,
}) => {
  test.setTimeout(120_000);
  await allowCopy(context, appUrl);
  const { phrase } = await onboard(page, { mintUrl, relayUrl });
  await takePayment(page, 34, payQuote);

  let panel = await openReplace(page);
  await expect(panel.getByTestId('left-behind')).toContainText(`34 sats on ${mintUrl}`);
  await expect(panel.getByRole('alert')).toHaveText(REFUSED_BALANCE);
  await expect(panel.getByRole('button', { name: CONFIRM })).toHaveCount(0);

  // Withdrawn: a token, redeemed by a customer.
  await page.getByRole('link', { name: 'Wallet', exact: true }).click();
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await page.getByRole('button', { name: /^Withdraw [\d,]+ sats$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Scan to withdraw' });
  await dialog.getByRole('button', { name: 'Copy Token' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^cashuB/);
  const token = await page.evaluate(() => navigator.clipboard.readText());
  await dialog.getByRole('button', { name: 'Close' }).click();
  // Still pending until redeemed: still refused.
  panel = await openReplace(page);
  await expect(panel.getByTestId('left-behind')).toContainText(
    'Withdrawal tokens not yet redeemed: 1 (34 sats)',
  );
  await expect(panel.getByRole('button', { name: CONFIRM })).toHaveCount(0);
  await (await customerWallet(mintUrl)).receive(token);
  await page.getByRole('link', { name: 'Wallet', exact: true }).click();
  await expect(page.getByTestId('wallet-balance')).toHaveText('0 sats', LANDS);

  // A second tab of the till, on the keypad, must not go on with the old wallet in memory.
  const other = await context.newPage();
  await other.goto('/');
  await expect(other.getByRole('button', { name: 'Submit' })).toBeEnabled();

  panel = await openReplace(page);
  await expect(panel).toContainText('Nothing would be left behind.');
  await panel.getByRole('button', { name: CONFIRM }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  await expect(other).toHaveURL(/\/onboarding$/);
  await other.close();

  const second = await onboard(page, { mintUrl, relayUrl });
  expect(second.phrase).not.toBe(phrase);
  await takePayment(page, 21, payQuote);
  const money = await storedMoney(page);
  expect(money.balance).toBe(21);
  expect(money.history.map((e) => e.type)).toEqual(['direct-payment']);
});

test('Replace wallet behind the PIN: with a balance, typing back the current phrase allows it, and restoring that phrase brings the balance back', async ({
  page,
  mintUrl,
  relayUrl,
  payQuote,
}) => {
  // Two onboardings, payments and a restore scan on the shared dev mint.
  test.setTimeout(180_000);
  await page.clock.install();
  const { phrase } = await onboard(page, { mintUrl, relayUrl });
  await takePayment(page, 55, payQuote);
  await setPinInSettings(page, PIN);
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await page.clock.fastForward('03:05');

  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  // The PIN is asked before anything of Replace wallet shows: by the Settings panel in front of
  // the button, or by the button itself.
  const prompt = page.getByTestId('pin-prompt');
  const replace = page.getByRole('button', { name: 'Replace wallet', exact: true });
  const panel = page.getByTestId('replace-wallet-panel');
  await expect(prompt.or(replace)).toBeVisible();
  const panelGated = await prompt.isVisible();
  if (!panelGated) await replace.click();
  await expect(panel).toHaveCount(0);
  await prompt.getByLabel('PIN', { exact: true }).fill(PIN);
  await prompt.getByRole('button', { name: 'Unlock' }).click();
  if (panelGated) await replace.click();
  await expect(panel.getByRole('alert')).toHaveText(REFUSED_BALANCE);

  const words = phrase.split(' ');
  const fields = panel.getByLabel(/^Word \d+$/);
  await expect(fields).toHaveCount(3);
  for (const field of await fields.all()) await field.fill('abandon');
  await panel.getByRole('button', { name: 'Check words' }).click();
  await expect(panel.getByText(/do not match your recovery phrase/)).toBeVisible();
  await expect(panel.getByRole('button', { name: CONFIRM })).toHaveCount(0);
  for (const field of await fields.all()) {
    const label = (await page
      .locator(`label[for="${await field.getAttribute('id')}"]`)
      .textContent())!;
    await field.fill(words[Number(label.replace('Word ', '')) - 1]!);
  }
  await panel.getByRole('button', { name: 'Check words' }).click();
  await panel.getByRole('button', { name: CONFIRM }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  expect((await storedMoney(page)).balance).toBe(0);

  // The same phrase, restored: the scan finds the 55 sats again; the wallet takes sales.
  await onboard(page, { mintUrl, relayUrl, phrase });
  await expect(page.getByTestId('restore-result')).toContainText(
    'Recovery finished: 55 sats found',
    { timeout: 60_000 },
  );
  await takePayment(page, 8, payQuote);
  expect((await storedMoney(page)).balance).toBe(63);
});
