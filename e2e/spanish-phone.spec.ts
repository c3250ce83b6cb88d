// The counter on a phone (390×844) in Spanish (issue 48): the price source's refusal says its
// reason in Spanish, a keypad sale shows its invoice, paid toast, "Last sale" line with Receipt
// on screen without scrolling and a Spanish receipt, and the remote cashier's page keeps its
// USD / sats toggle under the amount with no English on its keypad. With LAYOUT_SHOTS set to a
// folder, the cashier's page is photographed there. Onboarding picks the mint discovery found.
import { getEncodedToken } from '@cashu/cashu-ts';
import type { Page } from '@playwright/test';
import invoiceSpanish from '../src/ui/locales/invoice/es.json' with { type: 'json' };
import keypadEnglish from '../src/ui/locales/keypad/en.json' with { type: 'json' };
import keypadSpanish from '../src/ui/locales/keypad/es.json' with { type: 'json' };
import paymentSpanish from '../src/ui/locales/payment/es.json' with { type: 'json' };
import priceErrorsSpanish from '../src/features/settings/locales/price-errors/es.json' with { type: 'json' };
import receiptSpanish from '../src/ui/locales/receipt/es.json' with { type: 'json' };
import receiptButtonSpanish from '../src/ui/locales/receipt-button/es.json' with { type: 'json' };
import remoteEnglish from '../src/features/remote/locales/remote/en.json' with { type: 'json' };
import remoteSpanish from '../src/features/remote/locales/remote/es.json' with { type: 'json' };
import settingsSpanish from '../src/features/settings/locales/settings/es.json' with { type: 'json' };
import onboardingSpanish from '../src/features/onboarding/locales/onboarding/es.json' with { type: 'json' };
import welcomeSpanish from '../src/features/onboarding/locales/welcome/es.json' with { type: 'json' };
import { seedMintRecommendation } from '../dev/relay/seed.ts';
import posKeypadSpanish from '../src/features/pos/locales/keypad/es.json' with { type: 'json' };
import receiveSpanish from '../src/features/pos/locales/receive/es.json' with { type: 'json' };
import { expect, test } from './fixtures';
import { customerProofs } from './helpers/ecash-payer';
import { pricesControl, setUsdPrice } from './helpers/dollar-shop';
import { clickDigits, LANDS, quoteIdOnScreen } from './helpers/invoice';
import { onboard } from './helpers/onboard';
import { expectOnScreenUnscrolled, plainEnglishOnly, shoot } from './helpers/screens';

const PHONE = { width: 390, height: 844 };
test.use({ locale: 'es-ES', viewport: PHONE });

test.afterEach(async ({ request, pricesUrl }) => {
  await request.delete(pricesControl(pricesUrl));
});

async function expectNoEnglish(page: Page, texts: readonly string[]) {
  for (const text of texts) {
    const shown = page.getByText(text, { exact: true }).filter({ visible: true });
    expect(await shown.count(), text).toBe(0);
  }
}

test('a phone in Spanish: price refusal, keypad sale with its receipt, the cashier page', async ({
  page,
  payQuote,
  mintUrl,
  relayUrl,
  request,
  pricesUrl,
  browser,
}) => {
  test.setTimeout(240_000);
  await onboard(page, { mintUrl, relayUrl });

  // A keypad sale: invoice, paid toast, and the last sale's line with Receipt above the fold.
  await expect(page.getByTestId('home-balance')).toHaveText('0 sats', LANDS);
  await expectNoEnglish(page, plainEnglishOnly(keypadEnglish, keypadSpanish));
  await clickDigits(page, '21');
  await page.getByRole('button', { name: keypadSpanish.KEYPAD_SUBMIT, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: invoiceSpanish.INVOICE_MODAL_TITLE });
  await expect(dialog.getByTestId('invoice-amount')).toHaveText('21 sats');
  await payQuote(await quoteIdOnScreen(page));
  const paid = paymentSpanish.PAYMENT_RECEIVED.replace(/\{count.*$/, '21 sats');
  await expect(page.getByText(paid).first()).toBeVisible(LANDS);
  await expect(dialog).toBeHidden();
  const lastSale = page.getByTestId('last-sale');
  await expectOnScreenUnscrolled(page, lastSale);
  await expect(lastSale).toContainText('Última venta: 21 sats');
  await lastSale.getByRole('button', { name: receiptButtonSpanish.RECEIPT_BUTTON }).click();
  const receipt = page.getByRole('dialog', { name: receiptSpanish.RECEIPT_TITLE });
  await expect(receipt.getByTestId('receipt')).toContainText(
    `${receiptSpanish.RECEIPT_TOTAL}21 sats`,
  );
  await expect(receipt.getByTestId('receipt')).not.toContainText(/Paid with|Subtotal/);
  await receipt.getByRole('button', { name: receiptSpanish.CLOSE_RECEIPT, exact: true }).click();
  await shoot(page, 'home-last-sale-es-390x844');

  // Receive ecash: a token short of the sale is refused with its figures, in Spanish.
  const proofs = await customerProofs(mintUrl, 5, payQuote);
  await clickDigits(page, '21');
  await page.getByRole('button', { name: posKeypadSpanish.RECEIVE_ECASH_TEXT }).click();
  const take = page.getByRole('dialog', { name: /21 sats/ });
  await take
    .getByLabel(receiveSpanish.TOKEN_LABEL)
    .fill(getEncodedToken({ mint: mintUrl, unit: 'sat', proofs: proofs as never }));
  await take.getByRole('button', { name: receiveSpanish.TAKE_ECASH_TEXT }).click();
  await expect(take).toContainText(
    /Este ecash son 5 sats menos la comisión de canje del mint de \d+ sats; la venta es de 21 sats/,
    LANDS,
  );
  await expect(take).not.toContainText(/This ecash|the sale is/);
  await shoot(page, 'receive-ecash-refusal-es-390x844');
  await page.keyboard.press('Escape');
  await expect(take).toBeHidden();

  // The price source answers an unlikely dollar price: Settings says why, in Spanish.
  const save = page.getByRole('button', { name: settingsSpanish.SHOP_SAVE });
  await setUsdPrice(request, pricesUrl, 1e12);
  await page.goto('/settings');
  await page.getByLabel(settingsSpanish.PRICE_CURRENCY_LABEL, { exact: true }).selectOption('USD');
  await save.click();
  const reason = priceErrorsSpanish.PRICE_ERR_UNLIKELY.replace('{currency}', 'USD').replace(
    '{price}',
    String(1e12),
  );
  await expect(page.getByTestId('price-status')).toHaveText(
    settingsSpanish.PRICE_CHECK_FAILED.replace('{reason}', reason),
    LANDS,
  );
  await setUsdPrice(request, pricesUrl, 100_000);
  await save.click();
  await expect(page.getByTestId('price-status')).toHaveText(
    'Fuente de precios alcanzada: 1 BTC = 100.000 USD.',
    LANDS,
  );

  // The cashier's page of this shop, on a phone in Spanish: the unit toggle under the amount.
  await page.goto('/connect');
  const link = (await page.getByTestId('connection-string').textContent())!;
  const context = await browser.newContext({ locale: 'es-ES', viewport: PHONE });
  try {
    const till = await context.newPage();
    await till.goto(link);
    await expect(till.getByRole('heading', { level: 1 })).toContainText(
      remoteSpanish.CREATING_INVOICES_FOR,
      LANDS,
    );
    await expect(till.getByRole('button', { name: keypadSpanish.KEYPAD_SUBMIT })).toBeVisible(
      LANDS,
    );
    const toggle = till.getByRole('group', { name: remoteSpanish.CASHIER_UNIT_LABEL });
    await expect(toggle).toBeVisible(LANDS);
    const amount = (await till.getByTestId('keypad-amount').boundingBox())!;
    const unit = (await toggle.boundingBox())!;
    expect(unit.y, "the unit toggle's top").toBeGreaterThanOrEqual(amount.y + amount.height);
    expect(unit.x + unit.width, "the unit toggle's right edge").toBeLessThanOrEqual(PHONE.width);
    await expectNoEnglish(till, [
      ...plainEnglishOnly(keypadEnglish, keypadSpanish),
      ...plainEnglishOnly(remoteEnglish, remoteSpanish),
    ]);
    await shoot(till, 'cashier-es-390x844');
  } finally {
    await context.close();
  }
});

test('onboarding on a phone in Spanish picks the mint discovery found', async ({
  page,
  mintUrl,
  relayUrl,
}) => {
  // Discovery must find the local mint through the relay.
  await seedMintRecommendation(relayUrl, mintUrl);
  await page.goto('/onboarding');
  await page.getByRole('button', { name: welcomeSpanish.CREATE_WALLET }).click();
  await page.getByLabel(onboardingSpanish.WRITTEN_DOWN_LABEL).check();
  const next = page.getByRole('button', { name: onboardingSpanish.STEP_CONTINUE, exact: true });
  await next.click();
  await expect(page).toHaveURL(/\/onboarding\/mint-selection$/);
  await expect(page.getByRole('heading', { name: onboardingSpanish.MINT_TITLE })).toBeVisible();
  const found = page.getByRole('radio', { name: new RegExp(mintUrl.replace(/\./g, '\\.')) });
  // Picked already, with Continue ready and on screen: no tap on the list is needed.
  await expect(found).toBeChecked(LANDS);
  await expect(next).toBeEnabled();
  await expect(next).toBeInViewport();
  await shoot(page, 'onboarding-mint-es-390x844');
  await next.click();
  await expect(page).toHaveURL(/\/onboarding\/relay-config$/);
});
