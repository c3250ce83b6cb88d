// A cashier page that loses the relay after its sale was paid keeps the sale, through a reload,
// and sends it when the relay is back; the merchant, opened afterwards, takes it exactly once.
// The relay "loses" the first delivery (it answers OK and drops it), so the sale reaches the
// merchant only through the cashier's own re-sending.
import type { BrowserContext, WebSocketRoute } from '@playwright/test';
import { expect, test } from './fixtures';
import { cashierSale, expectSalePaid, openCashier } from './helpers/cashier';
import { requestInvoice } from './helpers/invoice';
import { onboard } from './helpers/onboard';
import { merchantProfilePublished } from './helpers/remote-sender';
import { storedMoney } from './helpers/stored-money';

const AMOUNT = 321;
const SETTLES = { timeout: 60_000 };

const contexts: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

/**
 * The cashier's way to the relay: `lose` answers the next gift wrap's EVENT with OK and drops it
 * (a relay that lost it); `down` closes every socket and refuses new ones.
 */
async function relayLine(context: BrowserContext, relayUrl: string) {
  const port = new URL(relayUrl).port;
  const line = { down: false, lose: 0, open: new Set<WebSocketRoute>() };
  await context.routeWebSocket(
    (url) => url.port === port,
    (ws) => {
      if (line.down) return void ws.close();
      const server = ws.connectToServer();
      line.open.add(ws);
      ws.onClose(() => line.open.delete(ws));
      ws.onMessage((message) => {
        const frame = JSON.parse(String(message)) as [string, { id?: string; kind?: number }];
        if (frame[0] === 'EVENT' && frame[1].kind === 1059 && line.lose > 0) {
          line.lose -= 1;
          return void ws.send(JSON.stringify(['OK', frame[1].id, true, '']));
        }
        server.send(message);
      });
    },
  );
  return {
    loseNextWrap: () => void (line.lose += 1),
    async down() {
      line.down = true;
      await Promise.all([...line.open].map((ws) => ws.close()));
    },
    up: () => void (line.down = false),
  };
}

test('a sale paid while the cashier lost the relay reaches the merchant once, after a reload', async ({
  page,
  browser,
  mintUrl,
  relayUrl,
  payQuote,
}) => {
  test.setTimeout(180_000);
  await onboard(page, { mintUrl, relayUrl });
  await page.goto('/connect');
  const link = (await page.getByTestId('connection-string').textContent())!;
  const npub = new URL(link).pathname.split('/').pop()!;
  await merchantProfilePublished(relayUrl, npub);
  const merchantContext = page.context();
  await page.close();

  const cashier = await openCashier(browser, link, npub);
  contexts.push(cashier.context);
  const line = await relayLine(cashier.context, relayUrl);
  await cashier.page.reload();
  await expect(cashier.page.getByRole('button', { name: 'Submit' })).toBeVisible();

  line.loseNextWrap();
  const quoteId = await requestInvoice(cashier.page, AMOUNT, 'keyboard');
  await line.down();
  await payQuote(quoteId);
  await expectSalePaid(cashier.page, quoteId, SETTLES);
  // Its first re-send (10 s after the delivery) reaches no relay.
  const waiting = cashier.page.getByTestId('cashier-sales-waiting');
  await expect(waiting).toHaveText(/^1 sale waits to be sent to the merchant/, SETTLES);
  await expect(cashierSale(cashier.page, quoteId)).toHaveAttribute('data-waiting', 'true');

  // Reloaded while the relay is still gone: the page cannot sell, the sale is still there.
  await cashier.page.reload();
  await expect(waiting).toHaveText(/^1 sale waits to be sent/, SETTLES);
  await expect(cashierSale(cashier.page, quoteId)).toHaveAttribute('data-status', 'paid');

  line.up();
  await expect(waiting).toBeHidden(SETTLES);

  const merchant = await merchantContext.newPage();
  await merchant.goto('/');
  const once = { balance: AMOUNT, pendingQuotes: 0 };
  const history = [{ type: 'remote-payment', amount: AMOUNT, quoteId }];
  await expect.poll(() => storedMoney(merchant), SETTLES).toMatchObject({ ...once, history });
  // Every later re-send of the same sale changes nothing.
  await merchant.waitForTimeout(3_000);
  await merchant.reload();
  await merchant.waitForTimeout(3_000);
  expect(await storedMoney(merchant)).toMatchObject({ ...once, history });
});
