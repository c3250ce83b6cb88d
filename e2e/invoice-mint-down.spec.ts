// The invoice on screen when its mint goes down (docs/behaviour.md "Point of sale"): the modal itself
// says, within seconds, that the payment is being checked or that a paid sale waits for the mint,
// in place of "Please pay this invoice"; once the dev mint process is started again on the same
// port and data, the sale lands once with its toast.
import uiTexts from '../src/ui/locales/invoice/en.json' with { type: 'json' };
import { expect, test } from './fixtures';
import { INVOICE_TITLE, RECEIVED, requestInvoice } from './helpers/invoice';
import { ownMintPerTest } from './helpers/mint-process';
import { onboard } from './helpers/onboard';
import { storedMoney } from './helpers/stored-money';
import { mintFault } from './helpers/wallet-screen';

/** "Promptly": the modal says it within a few seconds of the failed request or look. */
const PROMPTLY = { timeout: 8_000 };
/** The restarted mint needs tsx to start on a busy box, and the app's retries back off to 8 s. */
const SETTLES = { timeout: 150_000 };

test.describe.configure({ mode: 'serial', timeout: 300_000 });

const mint = ownMintPerTest(test, 'invoice-mint-down');

test('paid, then the mint dies before it issues the ecash: the modal says the sale lands when it answers', async ({
  page,
  relayUrl,
  request,
}) => {
  await onboard(page, { mintUrl: mint.url, relayUrl });
  const url = mint.url;
  const quoteId = await requestInvoice(page, 300);

  // The customer pays; the mint takes the app's mint request and dies before answering it.
  await mintFault(request, url, {
    path: '/v1/mint/bolt11',
    method: 'POST',
    action: 'holdReply',
    count: 1,
  });
  const held = mint.process.logged(/POST \/v1\/mint\/bolt11 200 held \(fault\)/);
  await mint.pay(request, quoteId);
  await held;
  await mint.process.kill();

  const paid = page.getByRole('dialog', { name: uiTexts.INVOICE_PAID_TITLE });
  await expect(paid).toBeVisible(PROMPTLY);
  await expect(paid.getByTestId('invoice-status')).toHaveText(uiTexts.INVOICE_PAID_TEXT);
  await expect(page.getByRole('dialog', { name: INVOICE_TITLE })).toHaveCount(0);
  await expect(paid.getByRole('img', { name: 'Invoice QR code' })).toHaveCount(0);
  expect(await storedMoney(page)).toMatchObject({ balance: 0, pendingQuotes: 1 });

  await mint.restart();
  await expect(page.getByText(RECEIVED).first()).toBeVisible(SETTLES);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect
    .poll(() => storedMoney(page), SETTLES)
    .toMatchObject({
      balance: 300,
      pendingQuotes: 0,
      history: [{ type: 'direct-payment', amount: 300, quoteId }],
    });
});

test('the mint dies while the invoice waits: the modal says the payment is being checked, then asks to pay again', async ({
  page,
  relayUrl,
  request,
}) => {
  await onboard(page, { mintUrl: mint.url, relayUrl });
  const quoteId = await requestInvoice(page, 120);
  await mint.process.kill();

  const checking = page.getByRole('dialog', { name: uiTexts.INVOICE_CHECKING_TITLE });
  await expect(checking).toBeVisible(PROMPTLY);
  await expect(checking.getByTestId('invoice-status')).toHaveText(uiTexts.INVOICE_CHECKING_TEXT);
  // The customer may not have paid yet: the invoice is still there to pay.
  await expect(checking.getByRole('img', { name: 'Invoice QR code' })).toBeVisible();

  await mint.restart();
  await expect(page.getByRole('dialog', { name: INVOICE_TITLE })).toBeVisible(SETTLES);
  await mint.pay(request, quoteId);
  await expect(page.getByText(RECEIVED).first()).toBeVisible(SETTLES);
  await expect
    .poll(() => storedMoney(page), SETTLES)
    .toMatchObject({ balance: 120, pendingQuotes: 0 });
});
