// A cashier link per person end to end (docs/behaviour.md "Staff links"): the merchant adds two
// people, hands each their own link from Connect; each link shows its person's name and the shop's
// items and sells, and each sale lands in the merchant's history under that name; revoking one
// person's link stops that link's next sale (its page says the link was revoked) and hides later
// items from it while the other keeps selling; a revoke whose publish the closing tab cut off
// reaches the cashier page after the merchant's device starts again.
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

/** Adds each person as a cashier in Settings' Staff card. */
async function addCashiers(page: Page, names: readonly string[]) {
  await page.goto('/settings');
  const card = page.getByTestId('staff-settings');
  for (const name of names) {
    await card.getByLabel('Name', { exact: true }).fill(name);
    await card.getByLabel('Role').selectOption({ label: 'Cashier' });
    await card.getByRole('button', { name: 'Add person' }).click();
    await expect(card.getByText(name, { exact: true })).toBeVisible();
  }
}

/** Adds an item in the editor and waits until a relay took the catalog of `count` items. */
async function addItem(page: Page, name: string, price: string, count: number) {
  await page.goto('/items');
  const published = page.waitForEvent('console', {
    predicate: (message) => message.text().includes(`Catalog of ${count} items published`),
    timeout: LANDS.timeout,
  });
  const form = page.getByTestId('item-form');
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Price', { exact: true }).fill(price);
  await form.getByRole('button', { name: 'Add item' }).click();
  await published;
}

/** Revokes `name`'s link on Connect, confirmed. */
async function revoke(page: Page, name: string) {
  await page.goto('/connect');
  const row = page.getByTestId('staff-link').filter({ hasText: name });
  await row.getByRole('button', { name: 'Revoke link' }).click();
  await page
    .getByTestId('revoke-staff-link-confirm')
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(page.getByText(`${name}’s link revoked. Their new link is ready.`)).toBeVisible();
}

/** A sale typed on a revoked person's page: refused there with the revoked box, no invoice. */
async function expectRevokedOnNextSale(cashier: Page, name: string) {
  await cashier.keyboard.type('55');
  // Submit by its button: after the Keypad/Items switch, Enter would press the focused switch.
  await cashier.getByRole('button', { name: 'Submit' }).click();
  await expect(cashier.getByRole('heading', { name: 'Link revoked' })).toBeVisible(LANDS);
  await expect(
    cashier.getByText(
      `The merchant revoked this link for ${name}. Ask the merchant for a new one.`,
    ),
  ).toBeVisible();
  await expect(cashier.getByRole('dialog')).toHaveCount(0);
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
  await addItem(page, 'Coffee', '2500', 1);
  await addCashiers(page, ['Ana', 'Bo']);

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
  // Each person's link reads the shop's catalog (sealed to their link, decision 0083).
  for (const cashier of [ana, bo]) {
    await cashier.page.getByRole('button', { name: 'Items', exact: true }).click(LANDS);
    await expect(cashier.page.getByRole('button', { name: 'Add Coffee' })).toBeVisible();
    await cashier.page.getByRole('button', { name: 'Keypad', exact: true }).click();
  }

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
  const idsBefore = await publishedStaffIds(relayUrl, pubkeyHex);
  await revoke(page, 'Ana');
  // The republished profile names Ana's new link, Bo's unchanged.
  await expect
    .poll(async () => {
      const ids = await publishedStaffIds(relayUrl, pubkeyHex);
      return ids.length === 2 && ids.filter((id) => idsBefore.includes(id)).length;
    }, LANDS)
    .toBe(1);
  expect(await staffLink(page, 'Ana')).not.toBe(anaLink);

  // An item added since reaches Bo's open page, never Ana's revoked one.
  for (const cashier of [ana, bo]) {
    await cashier.page.getByRole('button', { name: 'Items', exact: true }).click();
  }
  await addItem(page, 'Tea', '1200', 2);
  await expect(bo.page.getByRole('button', { name: 'Add Tea' })).toBeVisible(LANDS);
  await expect(ana.page.getByRole('button', { name: 'Add Coffee' })).toBeVisible();
  await expect(ana.page.getByRole('button', { name: 'Add Tea' })).toHaveCount(0);
  for (const cashier of [ana, bo]) {
    await cashier.page.getByRole('button', { name: 'Keypad', exact: true }).click();
  }

  // Ana's next sale is refused on her page, with no invoice.
  await expectRevokedOnNextSale(ana.page, 'Ana');

  // Bo keeps selling, and the sale lands under Bo's name.
  const boQuote = await requestInvoice(bo.page, 13);
  await payQuote(boQuote);
  await expectSalePaid(bo.page, boQuote, LANDS);
  await expect(cashierSale(bo.page, boQuote)).toBeVisible();
  await page.goto('/');
  await expect.poll(async () => (await remoteSalesBy(page))[boQuote], LANDS).toBe('Bo');
});

test('a revoke cut off before its publish reaches the cashier page after the merchant restarts', async ({
  page,
  browser,
  mintUrl,
  relayUrl,
}) => {
  test.setTimeout(240_000);
  await onboard(page, { mintUrl, relayUrl });
  await addCashiers(page, ['Cy']);
  const cyLink = await staffLink(page, 'Cy');
  const npub = new URL(cyLink).pathname.split('/').pop()!;
  const pubkeyHex = decode(npub as `npub1${string}`).data as string;
  await expect.poll(() => publishedStaffIds(relayUrl, pubkeyHex), LANDS).toHaveLength(1);
  const [liveId] = await publishedStaffIds(relayUrl, pubkeyHex);
  const cy = await openCashier(browser, cyLink, npub);
  contexts.push(cy.context);
  await expect(cy.page.getByTestId('cashier-name')).toHaveText('Selling as Cy');

  // The merchant's way to the relay swallows every profile and catalog it sends from now on, so
  // the revoke below saves the staff list and never gets to publish; then the tab dies.
  const merchant = page.context();
  const port = new URL(relayUrl).port;
  const line = { cut: true };
  await merchant.routeWebSocket(
    (url) => url.port === port,
    (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((message) => {
        const frame = JSON.parse(String(message)) as [string, { kind?: number }];
        const publish = frame[0] === 'EVENT' && [10019, 30078].includes(frame[1].kind ?? 0);
        if (line.cut && publish) return;
        server.send(message);
      });
    },
  );
  await revoke(page, 'Cy');
  await page.close();
  // The relay still names the old link: the cashier page alone could not know yet.
  expect(await publishedStaffIds(relayUrl, pubkeyHex)).toEqual([liveId]);

  // The merchant's device starts again with its relay back: start-up publishes the profile the
  // saved list gives, and Cy's next sale finds the link revoked.
  line.cut = false;
  const again = await merchant.newPage();
  await again.goto('/');
  await expect.poll(() => publishedStaffIds(relayUrl, pubkeyHex), LANDS).not.toEqual([liveId]);
  await expectRevokedOnNextSale(cy.page, 'Cy');
});
