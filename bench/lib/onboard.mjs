// A fresh wallet through the single-page onboarding, as every bench that needs a merchant starts.

/** Onboards on this mint and relay; resolves once the page is on Home. */
export async function onboard(page, { appUrl, mintUrl, relayUrl }, { timeout = 30_000 } = {}) {
  await page.goto(`${appUrl}/onboarding-legacy`);
  await page.getByLabel('Mint URL').fill(mintUrl);
  await page.getByLabel('Relays (one per line)').fill(relayUrl);
  await page.getByTestId('phrase-word').first().waitFor();
  await page.getByLabel('I have written down my recovery phrase and stored it safely').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.pathname === '/', { timeout });
}
