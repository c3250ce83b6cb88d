// E2E helper: an onboarded merchant in one call, through the single-page legacy onboarding.
import { expect, type Page } from '@playwright/test';

export interface OnboardOptions {
  /** Restore this phrase; omitted = create a new wallet from the generated phrase. */
  phrase?: string;
  mintUrl: string;
  relayUrl: string;
}

/**
 * Onboards the page's browser context (mint, relay, keys from the phrase, ONBOARDED) and leaves
 * it on / . Resolves with the phrase the wallet was created from (the generated one in create
 * mode), so tests can restore the same wallet elsewhere.
 */
export async function onboard(page: Page, options: OnboardOptions): Promise<{ phrase: string }> {
  await page.goto('/onboarding-legacy');
  await page.getByLabel('Mint URL').fill(options.mintUrl);
  await page.getByLabel('Relays (one per line)').fill(options.relayUrl);

  let phrase = options.phrase;
  if (phrase) {
    await page.getByRole('button', { name: 'Restore Wallet' }).click();
    await page.getByLabel('Recovery phrase').fill(phrase);
  } else {
    const words = page.getByTestId('phrase-word');
    await expect(words).toHaveCount(12);
    phrase = (await words.allTextContents()).join(' ');
    await page.getByLabel('I have written down my recovery phrase and stored it safely').check();
  }

  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  return { phrase };
}
