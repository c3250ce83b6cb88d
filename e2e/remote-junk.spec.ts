// 50,000 gift wraps nobody can open, addressed to the merchant and stored on its relay (issue 30,
// "A bounded inbox"): the merchant's page still starts listening, and a real remote sale still
// lands in the balance and the history, once.
import { decode } from 'nostr-tools/nip19';
import { junkWraps } from '../dev/relay/junk-wraps.ts';
import { startRelay, type DevRelay } from '../dev/relay/server.ts';
import { expect, test } from './fixtures';
import { cashierKeypadReady, expectSalePaid, openCashierPage } from './helpers/cashier';
import { requestInvoice } from './helpers/invoice';
import { onboard } from './helpers/onboard';
import { storedMoney } from './helpers/stored-money';
import { merchantProfilePublished } from './helpers/remote-sender';

const JUNK = 50_000;
const LANDS = { timeout: 90_000 };

let relay: DevRelay | undefined;
test.afterEach(async () => {
  await relay?.close();
  relay = undefined;
});

test('a remote sale lands with 50,000 junk wraps for the merchant on the relay', async ({
  page,
  browser,
  mintUrl,
  payQuote,
}) => {
  test.setTimeout(300_000);
  // A relay of this test's own, so the junk can go straight into its store.
  relay = await startRelay({ port: 0 });
  await onboard(page, { mintUrl, relayUrl: relay.url });
  await page.goto('/connect');
  const link = (await page.getByTestId('connection-string').textContent())!;
  const npub = new URL(link).pathname.split('/').pop()!;
  const decoded = decode(npub);
  if (decoded.type !== 'npub') throw new Error(`not an npub link: ${link}`);
  // The cashier reads the merchant's signed profile first. It is published before the junk is
  // stored: storing 50,000 wraps holds this process (and the relay in it) for seconds to minutes
  // on a loaded machine, and a publish cut off then is not made again soon (as the bench waits).
  await merchantProfilePublished(relay.url, npub);
  relay.store(junkWraps(decoded.data, JUNK));

  // A fresh page: its inbox asks the relay for what it kept, the newest 5,000 junk wraps.
  await page.goto('/');
  // The cashier's heading needs no relay, only the page's own load; but the merchant's tab is
  // meanwhile checking the 5,000 wraps on the same machine (minutes of CPU on a loaded box: the
  // page's load event came after 20 s and its heading after 53 s in one such run). A cashier on
  // a device of its own sees the heading at once, so this waits as long as the sale does.
  const cashier = await openCashierPage(browser, link, npub, undefined, LANDS);
  try {
    // The cashier's keypad waits for the profile, which the relay serves slowly under the junk
    // (a first try on a loaded machine took longer than the usual 10 s).
    await expect(cashierKeypadReady(cashier.page)).toBeVisible(LANDS);
    const quoteId = await requestInvoice(cashier.page, 321, 'keyboard');
    await payQuote(quoteId);
    await expectSalePaid(cashier.page, quoteId, LANDS);
    await expect
      .poll(async () => {
        const money = await storedMoney(page);
        return {
          balance: money.balance,
          sales: money.history.filter((e) => e.type === 'remote-payment').map((e) => e.quoteId),
        };
      }, LANDS)
      .toEqual({ balance: 321, sales: [quoteId] });
  } finally {
    await cashier.context.close();
  }
});
