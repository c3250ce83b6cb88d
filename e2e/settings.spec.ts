// Settings end to end: the stored values, validation toasts, save surviving a reload, the
// device npub and the recovery phrase behind a confirmation.
import { expect, test } from './fixtures';
import { onboard } from './helpers/onboard';
import { NIP06_NPUB, NIP06_PHRASE } from '../src/core/keys/nip06-vector';

const SAVED = 'Settings saved. New mint and relays will be used going forward.';

test.beforeEach(async ({ page, mintUrl, relayUrl }) => {
  await onboard(page, { phrase: NIP06_PHRASE, mintUrl, relayUrl });
  await page.goto('/settings');
});

test('shows the onboarding values, and saved values persist after a reload', async ({
  page,
  mintUrl,
  relayUrl,
}) => {
  const mint = page.getByLabel('Mint URL');
  const relays = page.getByLabel('Nostr Relays');
  await expect(mint).toHaveValue(mintUrl);
  await expect(relays).toHaveValue(relayUrl);

  // The same mint with a trailing slash: stored without it, and no mint check is needed.
  await mint.fill(`${mintUrl}/`);
  await relays.fill(`  ${relayUrl}  \n\nwss://relay.example.com\n`);
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText(SAVED)).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Mint URL')).toHaveValue(mintUrl);
  await expect(page.getByLabel('Nostr Relays')).toHaveValue(`${relayUrl}\nwss://relay.example.com`);
});

test('rejects each invalid value with its message and keeps the stored settings', async ({
  page,
  mintUrl,
}) => {
  const mint = page.getByLabel('Mint URL');
  const relays = page.getByLabel('Nostr Relays');
  const save = page.getByRole('button', { name: 'Save Settings' });
  await expect(mint).toHaveValue(mintUrl);
  const expectToast = (text: string) =>
    expect(page.getByRole('alert').filter({ hasText: text })).toBeVisible();

  await mint.fill('');
  await save.click();
  await expectToast('Mint URL cannot be empty');

  await mint.fill('mint.example.com');
  await save.click();
  await expectToast('Mint URL must be a valid http:// or https:// address');

  await mint.fill(mintUrl);
  await relays.fill('  \n  ');
  await save.click();
  await expectToast('Please provide at least one relay');

  await relays.fill('https://relay.example.com');
  await save.click();
  await expectToast('Relay must be a valid ws:// or wss:// address: https://relay.example.com');

  await expect(page.getByText(SAVED)).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Mint URL')).toHaveValue(mintUrl);
});

test('shows the npub and reveals the recovery phrase only after a confirmation', async ({
  page,
}) => {
  await expect(page.getByTestId('device-npub')).toHaveText(NIP06_NPUB);
  await expect(page.getByTestId('phrase-word')).toHaveCount(0);

  await page.getByRole('button', { name: 'Show Recovery Phrase' }).click();
  const confirm = page.getByRole('dialog', { name: 'Show recovery phrase?' });
  await expect(confirm).toContainText('Anyone who sees these words can take your funds');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByTestId('phrase-word')).toHaveCount(0);

  await page.getByRole('button', { name: 'Show Recovery Phrase' }).click();
  await page.getByRole('button', { name: 'Reveal Phrase' }).click();
  const shown = page.getByRole('dialog', { name: 'Your Recovery Phrase' });
  await expect(shown.getByTestId('phrase-word')).toHaveCount(12);
  expect((await shown.getByTestId('phrase-word').allTextContents()).join(' ')).toBe(NIP06_PHRASE);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('phrase-word')).toHaveCount(0);
});
