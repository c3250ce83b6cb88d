// With a PIN set, a copy of the profile holds no proof secret and no pairing secret in plain text
// (decision 0030, docs/security.md "The merchant PIN"): proofs stored before the PIN
// are sealed when it is set, a sale paid while locked after a reload is sealed as it lands and
// counted at once, a locked sale's journal holds only blinded messages and sealed outputs while its
// mint request is in flight and lands once after a reload there, and after the PIN those proofs are
// spendable (the withdrawn token redeems).
import { createHash } from 'node:crypto';
import { getDecodedToken } from '@cashu/cashu-ts';
import type { Page } from '@playwright/test';
import { expect, test } from './helpers/own-mint';
import { customerWallet } from './helpers/customer';
import { LANDS, RECEIVED, requestInvoice } from './helpers/invoice';
import { onboard } from './helpers/onboard';
import { setPinInSettings } from './helpers/pin';
import { profileText } from './helpers/profile-text';
import { storedMoney } from './helpers/stored-money';
import { allowCopy, mintFault } from './helpers/wallet-screen';
import { appRows } from './helpers/app-rows';

const PIN = '482915';

/** The rows of one store (proofs, mintQuotes) as another program reading the profile sees them. */
async function storeRows(page: Page, store: string) {
  return (await appRows(page, { [store]: 'rows' }))[store] as Array<Record<string, unknown>>;
}

const proofRows = (page: Page) => storeRows(page, 'proofs');

async function sell(page: Page, sats: number, payQuote: (quote: string) => Promise<void>) {
  const quote = await requestInvoice(page, sats);
  await payQuote(quote);
  await expect(page.getByText(RECEIVED).first()).toBeVisible(LANDS);
  await page.keyboard.press('Escape');
  return quote;
}

test('with a PIN set the profile holds no proof or pairing secret in plain text, and a sale paid while locked counts at once and spends after the PIN', async ({
  page,
  context,
  appUrl,
  mintUrl,
  relayUrl,
  payQuote,
  request,
}) => {
  // Four sales, a reload mid-mint and a withdrawal: longer than the default on a shared machine.
  test.setTimeout(180_000);
  await allowCopy(context, appUrl);
  await onboard(page, { mintUrl, relayUrl });
  await page.getByRole('link', { name: 'Connect', exact: true }).click();
  const link = (await page.getByTestId('connection-string').textContent())!;
  const pairing = new URL(link).hash.replace(/^#pair=/, '');
  const pairingHex = Buffer.from(pairing, 'base64url').toString('hex');
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await sell(page, 34, payQuote);
  // The premise: without a PIN the proofs are stored as they are.
  expect((await proofRows(page)).every((row) => typeof row.C === 'string' && row.C !== '')).toBe(
    true,
  );

  await setPinInSettings(page, PIN);
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await page.reload();
  await expect(page.getByTestId('lock-banner')).toBeVisible();
  await sell(page, 21, payQuote);
  // Counted at once, without the PIN.
  await expect(page.getByTestId('home-balance')).toHaveText('55 sats');
  expect(await storedMoney(page)).toMatchObject({ balance: 55, pendingQuotes: 0 });
  await expect(page.getByTestId('lock-banner')).toBeVisible();

  // A sale whose mint request hangs while locked: the journal a copy would find holds only the
  // blinded messages and sealed outputs; a reload there still lands the sale once (decision 0030).
  const quote = await requestInvoice(page, 8);
  await mintFault(request, mintUrl, {
    path: '/v1/mint/bolt11',
    method: 'POST',
    action: 'hang',
    count: 1,
  });
  await payQuote(quote);
  await expect
    .poll(async () => (await storeRows(page, 'mintQuotes')).filter((q) => q.lockedOutputs), LANDS)
    .toHaveLength(1);
  const [pending] = (await storeRows(page, 'mintQuotes')).filter((q) => q.lockedOutputs);
  const journal = pending!.lockedOutputs as { outputs: Array<Record<string, unknown>> };
  expect(journal.outputs.length).toBeGreaterThan(0);
  for (const output of journal.outputs) {
    expect(Object.keys(output).sort()).toEqual(['blindedMessage', 'key', 'sealed']);
  }
  const midMint = await profileText(page);
  expect(midMint).not.toContain('blindingFactor');
  await page.reload();
  await expect(page.getByTestId('lock-banner')).toBeVisible();
  await expect(page.getByTestId('home-balance')).toHaveText('63 sats', LANDS);
  expect(await storedMoney(page)).toMatchObject({ balance: 63, pendingQuotes: 0 });

  // What a copied profile shows now: every proof row sealed, nothing of the pairing secret.
  const copied = await profileText(page);
  const rows = await proofRows(page);
  expect(rows.length).toBeGreaterThanOrEqual(2);
  for (const row of rows) {
    expect(row).toMatchObject({ C: '', sealed: { k: expect.any(String), c: expect.any(String) } });
    // A locked sale's rows keep only the mint's blind signature, no blinding factor (0030).
    if (row.blind) expect(Object.keys(row.blind as object).sort()).toEqual(['C_', 'K', 'dleq']);
    expect(String(row.secret)).toMatch(/^h:[0-9a-f]{64}$/);
    expect(row.dleq).toBeUndefined();
  }
  expect(copied).not.toContain(pairing);
  expect(copied).not.toContain(pairingHex);

  // After the PIN the proofs are spendable: the whole balance is withdrawn and redeems.
  await page.getByRole('link', { name: 'Wallet', exact: true }).click();
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const prompt = page.getByRole('dialog', { name: 'Enter the merchant PIN' });
  await prompt.getByLabel('PIN', { exact: true }).fill(PIN);
  await prompt.getByRole('button', { name: 'Unlock' }).click();
  await page.getByRole('button', { name: /^Withdraw [\d,]+ sats$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Scan to withdraw' });
  await dialog.getByRole('button', { name: 'Copy Token' }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toMatch(/^cashuB/);
  const token = await page.evaluate(() => navigator.clipboard.readText());
  const customer = await customerWallet(mintUrl);
  const { proofs } = getDecodedToken(token, customer.keyChain.getAllKeysetIds());
  // The secrets the app holds after unlock were in the copy only as hashes, never in plain text.
  for (const proof of proofs) {
    expect(copied).not.toContain(proof.secret);
    expect(copied).not.toContain(proof.C);
  }
  const hashes = proofs.map(
    (p) => `h:${createHash('sha256').update(p.secret, 'utf8').digest('hex')}`,
  );
  expect(hashes.some((hash) => copied.includes(hash))).toBe(true);
  const redeemed = await customer.receive(token);
  expect(redeemed.reduce((sum, p) => sum + p.amount.toNumber(), 0)).toBe(63);
});
