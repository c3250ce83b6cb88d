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
    await page.goto('/settings');
    const setting = page.getByRole('checkbox', { name: 'Accept ecash from other mints' });
    await expect(setting).not.toBeChecked(LANDS);
    await setting.check();
    await expect(setting).toBeChecked();
    // The switch shows the tick at once and is disabled until it is saved: leaving the page
    // before that could cut the write short.
    await expect(setting).toBeEnabled();
    await page.goto('/');
    await expect(balance(page)).toHaveText('0 sats', LANDS);

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
});
