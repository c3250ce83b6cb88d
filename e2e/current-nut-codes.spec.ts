// The app's money flows against a mint that answers in the current NUT error table (issue 34):
// a payment, a partial withdrawal whose consolidation swap reply is lost, cancelling the token,
// and a cash-out whose melt reply is lost; every step ends with the exact stored balance.
import { outsideInvoice } from '../dev/mint/test-support';
import { expect, test } from './helpers/own-mint';
import { customerWallet } from './helpers/customer';
import { takePayment } from './helpers/invoice';
import { onboard } from './helpers/onboard';
import { storedMoney } from './helpers/stored-money';
import {
  allowCopy,
  cancelToken,
  cashOutToInvoice,
  mintConfig,
  mintFault,
  openWallet,
  withdraw,
} from './helpers/wallet-screen';

const SETTLES = { timeout: 30_000 };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request, mintUrl }) => {
  await mintConfig(request, mintUrl, { nutErrorCodes: 'current' });
});

test.afterAll(async ({ request, mintUrl }) => {
  await request.delete(`${mintUrl}/dev/faults`);
  await mintConfig(request, mintUrl, { nutErrorCodes: 'older' });
});

test('payment, withdrawal, cancelled token and cash-out each land once on a current-table mint', async ({
  page,
  context,
  appUrl,
  mintUrl,
  relayUrl,
  payQuote,
  request,
}) => {
  const config = await (await request.get(`${mintUrl}/dev/config`)).json();
  expect(config).toMatchObject({ nutErrorCodes: 'current' });
  // The mint's own refusals are in the current table: a unit it does not issue (it issues sat,
  // usd and eur) is 11013 (older: 11005).
  const unit = await request.post(`${mintUrl}/v1/mint/quote/bolt11`, {
    data: { amount: 5, unit: 'xyz' },
  });
  expect(await unit.json()).toMatchObject({ code: 11013 });

  await allowCopy(context, appUrl);
  await onboard(page, { mintUrl, relayUrl });
  await takePayment(page, 21, payQuote);
  await takePayment(page, 34, payQuote);
  await openWallet(page);
  await expect(page.getByTestId('wallet-balance')).toHaveText('55 sats');

  // Partial withdrawal: the consolidation swap is done but its reply is lost; the app recovers
  // the signatures rather than signing anew.
  await mintFault(request, mintUrl, { path: '/v1/swap', action: 'dropResponse', count: 1 });
  const token = await withdraw(page, 30);
  await expect(page.getByTestId('wallet-available')).toHaveText('25 sats', SETTLES);
  await expect(page.getByTestId('wallet-pending')).toHaveText('30 sats');
  expect((await storedMoney(page)).balance).toBe(55);

  // Cancelling the token swaps its proofs back: the token no longer redeems.
  await cancelToken(page, 30);
  await expect(page.getByTestId('wallet-available')).toHaveText('55 sats', SETTLES);
  await expect((await customerWallet(mintUrl)).receive(token)).rejects.toThrow();
  expect((await storedMoney(page)).balance).toBe(55);

  // Cash-out whose melt reply is lost: found PAID, the change recovered, one event.
  await mintFault(request, mintUrl, { path: '/v1/melt/bolt11', action: 'dropResponse', count: 1 });
  await expect(await cashOutToInvoice(page, outsideInvoice(20))).toHaveText(
    'Cash-out paid: 20 sats sent, 1 sat fee.',
    SETTLES,
  );
  const stored = await storedMoney(page);
  expect(stored.balance).toBe(55 - 20 - 1);
  const types = stored.history.map((e) => e.type).sort();
  expect(types.filter((t) => t === 'direct-payment')).toHaveLength(2);
  expect(types.filter((t) => t === 'token-cancelled')).toHaveLength(1);
  expect(types.filter((t) => t === 'cash-out')).toHaveLength(1);
});
