// A cashier link per person end to end (docs/behaviour.md "Staff links"): the merchant adds two
// people, hands each their own link from Connect; each link shows its person's name and sells,
// and each sale lands in the merchant's history under that name; revoking one person's link stops
// that link's next sale (its page says the link was revoked) while the other keeps selling.
import type { BrowserContext, Page } from '@playwright/test';
import { decode } from 'nostr-tools/nip19';
import { expect, test } from './fixtures';
import { cashierSale, expectSalePaid, openCashier } from './helpers/cashier';
import { requestInvoice } from './helpers/invoice';
import { onboard } from './helpers/onboard';
import { storedEvents } from './helpers/history-events';
import { query } from './helpers/remote-sender';

/** Inbox delivery plus the background quote watch on a busy box. */
const LANDS = { timeout: 30_000 };

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

/** Connect's staff link of `name`, read off the screen once shown (and its QR code). */
async function staffLink(page: Page, name: string): Promise<string> {
  await page.goto('/connect');
  const row = page.getByTestId('staff-link').filter({ hasText: name });
  await row.getByRole('button', { name: 'Show link' }).click();
  await expect(row.getByRole('img', { name: `Cashier link QR code for ${name}` })).toBeVisible();
  return (await row.getByTestId('staff-link-string').textContent())!;
}

/** The pairing ids the merchant's newest profile on the relay names as staff links. */
async function publishedStaffIds(relayUrl: string, pubkeyHex: string): Promise<string[]> {
  const events = await query(relayUrl, { kinds: [10019], authors: [pubkeyHex] });
  const newest = events.sort((a, b) => b.created_at - a.created_at)[0];
  return (newest?.tags ?? []).filter((t) => t[0] === 'cashew-staff-pairing').map((t) => t[1]!);
}

/** The remote sales in the merchant's history, as quote id → who sold it. */
async function remoteSalesBy(page: Page): Promise<Record<string, string | undefined>> {
  const rows = await storedEvents(page);
  const sales: Record<string, string | undefined> = {};
  for (const row of rows.filter((r) => r.type === 'remote-payment')) {
    const metadata = JSON.parse(String(row.metadata)) as { quoteId?: string };
    sales[metadata.quoteId ?? String(row.quoteId)] = (row.staff as { name?: string })?.name;
  }
  return sales;
}

test('two people’s links each sell under their name; revoking one stops only that link', async ({
  page,
  browser,
  mintUrl,
  relayUrl,
  payQuote,
}) => {
  test.setTimeout(300_000);
  await onboard(page, { mintUrl, relayUrl });
  await page.goto('/settings');
  const card = page.getByTestId('staff-settings');
  for (const name of ['Ana', 'Bo']) {
    await card.getByLabel('Name', { exact: true }).fill(name);
    await card.getByLabel('Role').selectOption({ label: 'Cashier' });
    await card.getByRole('button', { name: 'Add person' }).click();
    await expect(card.getByText(name, { exact: true })).toBeVisible();
  }

  const anaLink = await staffLink(page, 'Ana');
  const boLink = await staffLink(page, 'Bo');
  expect(anaLink).not.toBe(boLink);
  const npub = new URL(anaLink).pathname.split('/').pop()!;
  // The secret and the name ride in the fragment, never sent to a server.
  expect(new URL(anaLink).hash).toMatch(/^#pair=[A-Za-z0-9_-]{43}&staff=Ana$/);
  expect(new URL(anaLink).search).not.toContain('Ana');
  const pubkeyHex = decode(npub as `npub1${string}`).data as string;

  const ana = await openCashier(browser, anaLink, npub);
  const bo = await openCashier(browser, boLink, npub);
  contexts.push(ana.context, bo.context);
  await expect(ana.page.getByTestId('cashier-name')).toHaveText('Selling as Ana');
  await expect(bo.page.getByTestId('cashier-name')).toHaveText('Selling as Bo');

  const sold: Record<string, string> = {};
  for (const [who, cashier, sats] of [
    ['Ana', ana, 21],
    ['Bo', bo, 34],
  ] as const) {
    const quote = await requestInvoice(cashier.page, sats);
    await payQuote(quote);
    await expectSalePaid(cashier.page, quote, LANDS);
    sold[quote] = who;
  }
  await page.goto('/');
  await expect.poll(() => remoteSalesBy(page), LANDS).toEqual(sold);

  // The merchant revokes Ana's link.
  await page.goto('/connect');
  const anaRow = page.getByTestId('staff-link').filter({ hasText: 'Ana' });
  const idsBefore = await publishedStaffIds(relayUrl, pubkeyHex);
  await anaRow.getByRole('button', { name: 'Revoke link' }).click();
  await page
    .getByTestId('revoke-staff-link-confirm')
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(page.getByText('Ana’s link revoked. Their new link is ready.')).toBeVisible();
  // The republished profile names Ana's new link, Bo's unchanged.
  await expect
    .poll(async () => {
      const ids = await publishedStaffIds(relayUrl, pubkeyHex);
      return ids.length === 2 && ids.filter((id) => idsBefore.includes(id)).length;
    }, LANDS)
    .toBe(1);
  expect(await staffLink(page, 'Ana')).not.toBe(anaLink);

  // Ana's next sale is refused on her page, with no invoice.
  await ana.page.keyboard.type('55');
  await ana.page.keyboard.press('Enter');
  await expect(ana.page.getByRole('heading', { name: 'Link revoked' })).toBeVisible(LANDS);
  await expect(
    ana.page.getByText('The merchant revoked this link for Ana. Ask the merchant for a new one.'),
  ).toBeVisible();
  await expect(ana.page.getByRole('dialog')).toHaveCount(0);

  // Bo keeps selling, and the sale lands under Bo's name.
  const boQuote = await requestInvoice(bo.page, 13);
  await payQuote(boQuote);
  await expectSalePaid(bo.page, boQuote, LANDS);
  await expect(cashierSale(bo.page, boQuote)).toBeVisible();
  await page.goto('/');
  await expect.poll(async () => (await remoteSalesBy(page))[boQuote], LANDS).toBe('Bo');
});
