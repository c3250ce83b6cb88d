// Navigation shell end to end: onboarding redirect, mobile menu at 375 px, sidebar at 1280 px.
import { expect, markOnboarded, test } from './fixtures';

test('a fresh browser is sent to onboarding and the redirect replaces the history entry', async ({
  page,
}) => {
  await page.goto('/onboarding/welcome');
  await expect(page.getByRole('button', { name: 'Create New Wallet' })).toBeVisible();
  const entriesBefore = await page.evaluate(() => history.length);

  await page.goto('/wallet');
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('button', { name: 'Restore Existing Wallet' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Toggle navigation' })).toHaveCount(0);
  // /wallet was replaced by /onboarding rather than followed by it.
  expect(await page.evaluate(() => history.length)).toBe(entriesBefore + 1);

  await page.goBack();
  await expect(page).toHaveURL(/\/onboarding\/welcome$/);
});

test.describe('on a 375 px screen', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the toggle opens the menu; choosing an entry navigates, highlights it and closes the menu', async ({
    page,
  }) => {
    await markOnboarded(page);
    await page.goto('/');
    await expect(page.getByRole('banner')).toContainText('Cashew POS');

    const toggle = page.getByRole('button', { name: 'Toggle navigation' });
    const walletLink = page.getByRole('link', { name: 'Wallet', exact: true });
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(walletLink).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(walletLink).toBeVisible();
    await expect(page.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await walletLink.click();
    await expect(page).toHaveURL(/\/wallet$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
    await expect(walletLink).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await toggle.click();
    await expect(walletLink).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: 'Home', exact: true })).not.toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});

test.describe('on a 1280 px screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the sidebar is always visible on the left, with no toggle, and the content sits beside it', async ({
    page,
  }) => {
    await markOnboarded(page);
    await page.goto('/settings');

    await expect(page.getByRole('button', { name: 'Toggle navigation' })).toBeHidden();
    for (const name of ['Home', 'Wallet', 'Connect', 'Settings']) {
      await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Settings', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );

    const sidebar = await page.getByRole('banner').boundingBox();
    const heading = await page.getByRole('heading', { level: 1, name: 'Settings' }).boundingBox();
    expect(sidebar).not.toBeNull();
    expect(heading).not.toBeNull();
    expect(sidebar!.x).toBe(0);
    expect(sidebar!.height).toBe(800);
    expect(heading!.x).toBeGreaterThanOrEqual(sidebar!.width);

    await page.getByRole('link', { name: 'Connect', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Connect Remote POS' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Connect', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
