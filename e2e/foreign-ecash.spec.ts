// Ecash from another mint pasted at the keypad: refused with the mint named while "Accept ecash
// from other mints" is off; with it on, melted there into our mint and counted as what arrived.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { getEncodedToken, type Proof } from '@cashu/cashu-ts';
import { startMint, type DevMint } from '../dev/mint/server.ts';
import { expect, test } from './fixtures';
import { customerProofs } from './helpers/ecash-payer';
import { clickDigits, LANDS, RECEIVED } from './helpers/invoice';
import { onboard } from './helpers/onboard';
import { storedMoney } from './helpers/stored-money';
import { appRows } from './helpers/app-rows';

const balance = (page: Page) => page.getByTestId('home-balance');

let other: DevMint | undefined;
let dataDir: string | undefined;

test.beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'cashew-e2e-foreign-'));
  // The second dev mint's melts reach the stack's mint over simulated Lightning.
  const ours = process.env.E2E_MINT_URL;
  other = await startMint({
    port: 0,
    fresh: true,
    dataDir,
    ...(ours ? { lightningPeers: [ours] } : {}),
  });
});

test.afterAll(async () => {
  await other?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function otherToken(amount: number): Promise<{ token: string; proofs: Proof[] }> {
  const mint = other!;
  const proofs = await customerProofs(mint.url, amount, (quote) => mint.pay(quote));
  return { token: getEncodedToken({ mint: mint.url, unit: 'sat', proofs }), proofs };
}

/** Settings → "Accept ecash from other mints", saved, then back Home with the balance shown. */
async function acceptOtherMints(page: Page) {
  await page.goto('/settings');
  const setting = page.getByRole('checkbox', { name: 'Accept ecash from other mints' });
  await expect(setting).not.toBeChecked(LANDS);
  await setting.check();
  await expect(setting).toBeChecked();
  // Disabled until it is saved: leaving the page before that could cut the write short.
  await expect(setting).toBeEnabled();
  await page.goto('/');
  await expect(balance(page)).toHaveText('0 sats', LANDS);
}

async function pasteAtKeypad(page: Page, typed: string, token: string) {
  await clickDigits(page, typed);
  await page.getByRole('button', { name: 'Receive ecash' }).click();
  const dialog = page.getByRole('dialog', { name: `Receive ${typed} sats in ecash` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Ecash token').fill(token);
  await dialog.getByRole('button', { name: 'Take ecash' }).click();
  return dialog;
}

test.describe('ecash from another mint', () => {
  test('with the setting off (the default), it is refused with the mint named and nothing is stored', async ({
    page,
    mintUrl,
    relayUrl,
  }) => {
    await onboard(page, { mintUrl, relayUrl });
    const { token, proofs } = await otherToken(100);
    const dialog = await pasteAtKeypad(page, '50', token);
    await expect(dialog.getByText(`Ecash from ${other!.url} is not accepted here`)).toBeVisible(
      LANDS,
    );
    const stored = await storedMoney(page);
    expect(stored.balance).toBe(0);
    expect(stored.history).toEqual([]);
    for (const p of proofs) expect(other!.isSpent(p.secret)).toBe(false);
  });

  test('with the setting on, the fees are shown first and the sale lands as what arrived', async ({
    page,
    mintUrl,
    relayUrl,
  }) => {
    await onboard(page, { mintUrl, relayUrl });
    await acceptOtherMints(page);

    // 100 sats at the other mint: its fee reserve for a 99-sat invoice is 1 sat.
    const { token, proofs } = await otherToken(100);
    const dialog = await pasteAtKeypad(page, '50', token);
    await expect(dialog.getByText('99 sats arrive after 1 sats in fees')).toBeVisible(LANDS);
    const stored = await storedMoney(page);
    expect(stored.balance).toBe(0); // nothing taken before it is confirmed
    await dialog.getByRole('button', { name: 'Take ecash' }).click();

    await expect(page.getByText(RECEIVED).first()).toBeVisible(LANDS);
    await expect(dialog).toBeHidden();
    await expect(balance(page)).toHaveText('99 sats', LANDS);
    for (const p of proofs) expect(other!.isSpent(p.secret)).toBe(true);
    const after = await storedMoney(page);
    expect(after.balance).toBe(99);
    expect(after.history.filter((e) => e.type === 'ecash-payment')).toEqual([
      expect.objectContaining({ amount: 99 }),
    ]);
    await page.reload();
    await expect(balance(page)).toHaveText('99 sats', LANDS);
  });

  test('a melt the other mint is still paying lands by itself when it settles: toast, balance, history, no reload', async ({
    page,
    mintUrl,
    relayUrl,
  }) => {
    await onboard(page, { mintUrl, relayUrl });
    await acceptOtherMints(page);
    const { token } = await otherToken(100);
    const dialog = await pasteAtKeypad(page, '50', token);
    await expect(dialog.getByText('99 sats arrive after 1 sats in fees')).toBeVisible(LANDS);
    // The other mint takes the melt and keeps it paying.
    other!.addFault({ path: '/v1/melt/bolt11', method: 'POST', action: 'pending', count: 1 });
    await dialog.getByRole('button', { name: 'Take ecash' }).click();
    const arriving = dialog.getByTestId('ecash-arriving');
    const onItsWay =
      '99 sats are on their way from the other mint. The sale lands here once they arrive; the ecash is kept meanwhile.';
    await expect(arriving).toHaveText(onItsWay, LANDS);
    expect((await storedMoney(page)).balance).toBe(0);

    // Taken again meanwhile: still on its way, never "already taken".
    await dialog.getByRole('button', { name: 'Take ecash' }).click();
    await expect(dialog.getByRole('button', { name: 'Take ecash' })).toBeEnabled(LANDS);
    await expect(arriving).toHaveText(onItsWay);
    await expect(dialog.getByText('This ecash was already taken')).toHaveCount(0);

    const [row] = (await appRows(page, { foreignEcash: 'rows' })).foreignEcash as Array<{
      meltQuote: string;
    }>;
    other!.settleMelt(row!.meltQuote, 'PAID');
    await expect(page.getByText(RECEIVED).first()).toBeVisible(LANDS);
    await expect(dialog).toBeHidden();
    await expect(balance(page)).toHaveText('99 sats', LANDS);
    const after = await storedMoney(page);
    expect(after.balance).toBe(99);
    expect(after.history.filter((e) => e.type === 'ecash-payment')).toEqual([
      expect.objectContaining({ amount: 99 }),
    ]);
  });
});
