// The counter's layouts (docs/behaviour.md "Layouts") on a phone, a tablet upright and on its side,
// and a laptop: with 20 lines in the cart Charge is on screen without scrolling, nothing makes the
// page scroll sideways, and axe finds nothing serious on the counter, the wallet and settings; the
// remote cashier's page on a phone and a laptop. With LAYOUT_SHOTS set to a folder, the counter
// with a few items in its cart is photographed there at each size.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectAccessible } from './helpers/axe';
import { openCashier } from './helpers/cashier';
import { LANDS, RECEIVED, requestInvoice } from './helpers/invoice';
import { pricesControl, setUsdPrice, showDollars } from './helpers/dollar-shop';
import { onboard } from './helpers/onboard';
import { expectOnScreenUnscrolled, shoot } from './helpers/screens';

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet upright', width: 820, height: 1180 },
  { name: 'tablet on its side', width: 1180, height: 820 },
  { name: 'laptop', width: 1280, height: 800 },
] as const;

const ITEMS = [
  { name: 'Flat white', price: '3200', category: 'Drinks' },
  { name: 'Espresso', price: '2100', category: 'Drinks' },
  { name: 'Iced tea', price: '1900', category: 'Drinks' },
  { name: 'Croissant', price: '1800', category: 'Bakery' },
  { name: 'Cinnamon bun', price: '2400', category: 'Bakery' },
  { name: 'Sourdough loaf', price: '5600', category: 'Bakery' },
];

const LINES = 20;

async function addItems(page: Page, items: readonly { name: string; price: string }[]) {
  await page.goto('/items');
  const form = page.getByTestId('item-form');
  for (const item of items) {
    await form.getByLabel('Name', { exact: true }).fill(item.name);
    await form.getByLabel('Price', { exact: true }).fill(item.price);
    if ('category' in item) {
      await form.getByLabel('Category (optional)').fill(String(item.category));
    }
    await form.getByRole('button', { name: 'Add item' }).click();
    await expect(page.getByRole('button', { name: `Edit ${item.name}`, exact: true })).toBeVisible(
      LANDS,
    );
  }
}

async function openItems(page: Page) {
  await page.getByRole('button', { name: 'Items', exact: true }).click();
  await expect(page.getByTestId('items-view')).toHaveAttribute('data-loaded', 'true', LANDS);
}

/** Custom amounts, one line each, until the cart has `lines` lines. */
async function fillCart(page: Page, lines: number) {
  const cartLines = page.getByTestId('cart-line');
  for (let n = await cartLines.count(); n < lines; n++) {
    await page.getByLabel('Custom amount (sats)').fill(String(100 + n));
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(cartLines).toHaveCount(n + 1);
  }
}

/** Nothing wider than the screen: the page does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page, screen: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${screen}: the page's width`).toBeLessThanOrEqual(innerWidth);
}

test('every counter layout keeps Charge on screen, fits the screen and passes axe', async ({
  page,
  mintUrl,
  relayUrl,
  payQuote,
}) => {
  test.setTimeout(300_000);
  await onboard(page, { mintUrl, relayUrl });
  await addItems(page, ITEMS);
  await page.goto('/');
  await openItems(page);
  await page.getByRole('button', { name: 'Add Flat white' }).click();
  await page.getByRole('button', { name: 'Add Flat white' }).click();
  await page.getByRole('button', { name: 'Add Croissant' }).click();
  await page.getByRole('button', { name: 'Add Iced tea' }).click();
  await expect(page.getByTestId('cart-line')).toHaveCount(3);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await shoot(page, `counter-${size.width}x${size.height}`);
  }

  // A keypad sale: its line with Receipt is on screen at every size, without scrolling.
  await page.getByRole('button', { name: 'Keypad', exact: true }).click();
  await payQuote(await requestInvoice(page, 21));
  await expect(page.getByText(RECEIVED).first()).toBeVisible(LANDS);
  await expect(page.getByRole('dialog')).toBeHidden();
  // Its Receipt button is a small one: compact under a mouse, 44 px under a finger.
  const receipt = page.getByTestId('last-sale').getByRole('button', { name: 'Receipt' });
  expect((await receipt.boundingBox())!.height).toBeLessThan(44);
  const touch = await page.context().newCDPSession(page);
  await touch.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
  await expect.poll(async () => (await receipt.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await touch.send('Emulation.setTouchEmulationEnabled', { enabled: false });
  await touch.detach();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expectOnScreenUnscrolled(page, page.getByTestId('last-sale'));
    await shoot(page, `last-sale-${size.width}x${size.height}`);
  }
  await openItems(page);
  await fillCart(page, LINES);
  const charge = page.getByTestId('cart-charge');
  for (const size of SIZES) {
    const screen = `${size.name} (${size.width}×${size.height})`;
    await page.setViewportSize(size);
    await page.goto('/');
    await openItems(page);
    await expect(page.getByTestId('cart-line')).toHaveCount(LINES);
    await expectOnScreenUnscrolled(page, charge);
    await expectNoSidewaysScroll(page, `counter items, ${screen}`);
    await expectAccessible(page, `counter items, ${screen}`);
    // The buttons changing a line's quantity are full touch targets.
    const more = page.getByRole('button', { name: /^One more / }).first();
    const box = (await more.boundingBox())!;
    expect(Math.min(box.width, box.height), `${screen}: the + of a line`).toBeGreaterThanOrEqual(
      44,
    );

    await page.getByRole('button', { name: 'Keypad', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
    await shoot(page, `keypad-${size.width}x${size.height}`);
    await expectNoSidewaysScroll(page, `counter keypad, ${screen}`);
    await expectAccessible(page, `counter keypad, ${screen}`);

    await page.goto('/wallet');
    await expect(page.getByTestId('wallet-balance')).toBeVisible(LANDS);
    await expectNoSidewaysScroll(page, `wallet, ${screen}`);
    await expectAccessible(page, `wallet, ${screen}`);

    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible(LANDS);
    await expectNoSidewaysScroll(page, `settings, ${screen}`);
    await expectAccessible(page, `settings, ${screen}`);
  }
});

test.afterEach(async ({ request, pricesUrl }) => {
  await request.delete(pricesControl(pricesUrl));
});

test('the remote cashier page fits a phone and a laptop, with Charge on screen', async ({
  page,
  browser,
  mintUrl,
  relayUrl,
  pricesUrl,
  request,
}) => {
  test.setTimeout(240_000);
  // A shop in dollars: the cashier's keypad shows its USD / sats toggle.
  await setUsdPrice(request, pricesUrl, 100_000);
  await onboard(page, { mintUrl, relayUrl });
  await showDollars(page, 100_000);
  const published = page.waitForEvent('console', {
    predicate: (message) => message.text().includes('Catalog of 2 items published'),
    timeout: LANDS.timeout,
  });
  await addItems(page, ITEMS.slice(0, 2));
  await published;
  await page.goto('/connect');
  const link = (await page.getByTestId('connection-string').textContent())!;
  const npub = new URL(link).pathname.split('/').pop()!;

  const cashier = await openCashier(browser, link, npub);
  const till = cashier.page;
  try {
    for (const size of [SIZES[0], SIZES[3]]) {
      const screen = `${size.name} (${size.width}×${size.height})`;
      await till.setViewportSize(size);
      await expect(till.getByRole('button', { name: 'Submit' })).toBeVisible();
      await shoot(till, `cashier-keypad-${size.width}x${size.height}`);
      // The unit toggle sits under the amount, never over it.
      const toggle = till.getByRole('group', { name: 'Amount unit' });
      await expect(toggle).toBeVisible(LANDS);
      const amount = (await till.getByTestId('keypad-amount').boundingBox())!;
      const toggleBox = (await toggle.boundingBox())!;
      expect(toggleBox.y, `${screen}: the unit toggle's top`).toBeGreaterThanOrEqual(
        amount.y + amount.height,
      );
      await expectNoSidewaysScroll(till, `cashier keypad, ${screen}`);
      await expectAccessible(till, `cashier keypad, ${screen}`);

      await till.getByRole('button', { name: 'Items', exact: true }).click();
      await expect(till.getByRole('button', { name: 'Add Espresso' })).toBeVisible(LANDS);
      await fillCart(till, LINES);
      await expectOnScreenUnscrolled(till, till.getByTestId('cart-charge'));
      await shoot(till, `cashier-items-${size.width}x${size.height}`);
      await expectNoSidewaysScroll(till, `cashier items, ${screen}`);
      await expectAccessible(till, `cashier items, ${screen}`);
      await till.getByRole('button', { name: 'Keypad', exact: true }).click();
    }
  } finally {
    await cashier.context.close();
  }
});
