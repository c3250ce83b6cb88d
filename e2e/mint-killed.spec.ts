// The dev mint as a process of its own, SIGKILLed after it did the work of a request and before it
// answered (the holdReply fault), then started again on the same port and data: a payment's
// proofs and a cash-out's change come back once, with the exact balance (issue 34; see
// docs/protocol.md "Cash-out" and "Minting a paid quote").
import type { Page } from '@playwright/test';
import { outsideInvoice } from '../dev/mint/test-support';
import cashOutTexts from '../src/core/wallet/cash-out/texts.json' with { type: 'json' };
import { expect, test } from './fixtures';
import { customerWallet } from './helpers/customer';
import { requestInvoice, takePayment } from './helpers/invoice';
import { ownMintPerTest } from './helpers/mint-process';
import { onboard } from './helpers/onboard';
import { storedMoney } from './helpers/stored-money';
import { cashOutToInvoice, mintFault, openWallet } from './helpers/wallet-screen';
import { appRows } from './helpers/app-rows';

/**
 * The app's mint retries back off to 8 s and its cash-out checks to 60 s, and the restarted mint
 * needs tsx to start on a busy box: generous room, never a timed assertion.
 */
const SETTLES = { timeout: 150_000 };

test.describe.configure({ mode: 'serial', timeout: 300_000 });

const mint = ownMintPerTest(test, 'killed-mint');

/** Once the mint logged that it did the work and holds the reply: SIGKILL, `whileDown`, start again. */
async function killWhileHolding(hold: Promise<string>, whileDown: () => Promise<void>) {
  await hold;
  await mint.process.kill();
  await whileDown();
  await mint.restart();
}

/** NUT-07 states at the mint of every unspent proof the app stored. */
async function storedProofStates(page: Page, url: string): Promise<string[]> {
  const stored = (await appRows(page, { proofs: 'rows' })).proofs as Array<{
    id: string;
    amount: number;
    secret: string;
    C: string;
    isSpent: boolean;
  }>;
  const proofs = stored
    .filter((p) => !p.isSpent)
    .map(({ id, amount, secret, C }) => ({ id, amount, secret, C }));
  const wallet = await customerWallet(url);
  return (await wallet.checkProofsStates(proofs)).map((s) => s.state);
}

test('killed after minting a paid invoice, before answering: the proofs land once after the restart', async ({
  page,
  relayUrl,
  request,
}) => {
  await onboard(page, { mintUrl: mint.url, relayUrl });
  const url = mint.url;
  const quoteId = await requestInvoice(page, 300);

  await mintFault(request, url, {
    path: '/v1/mint/bolt11',
    method: 'POST',
    action: 'holdReply',
    count: 1,
  });
  const held = mint.process.logged(/POST \/v1\/mint\/bolt11 200 held \(fault\)/);
  await mint.pay(request, quoteId);
  await killWhileHolding(held, async () => {
    expect(await storedMoney(page)).toMatchObject({ balance: 0, history: [], pendingQuotes: 1 });
  });
  expect(mint.url).toBe(url);
  // The restarted mint is the same mint: it remembers signing for the quote.
  const atMint = await (await request.get(`${url}/v1/mint/quote/bolt11/${quoteId}`)).json();
  expect(atMint.state).toBe('ISSUED');

  await expect
    .poll(() => storedMoney(page), SETTLES)
    .toMatchObject({
      balance: 300,
      pendingQuotes: 0,
      history: [{ type: 'direct-payment', amount: 300, quoteId }],
    });
  expect((await storedProofStates(page, url)).every((s) => s === 'UNSPENT')).toBe(true);

  // A fresh start finds nothing left to do: still one payment.
  await page.reload();
  await expect(page.getByTestId('home-balance')).toHaveText('300 sats');
  expect(await storedMoney(page)).toMatchObject({
    balance: 300,
    pendingQuotes: 0,
    history: [{ type: 'direct-payment', amount: 300, quoteId }],
  });
});

test('killed after paying a cash-out, before answering: the change lands once after the restart', async ({
  page,
  relayUrl,
  request,
}) => {
  await onboard(page, { mintUrl: mint.url, relayUrl });
  const url = mint.url;
  await takePayment(page, 100, (quoteId) => mint.pay(request, quoteId));
  await openWallet(page);
  await expect(page.getByTestId('wallet-balance')).toHaveText('100 sats');

  // 40 sat out: a 1-sat reserve, 1 sat routing fee, the rest of the inputs back as NUT-08 change.
  await mintFault(request, url, {
    path: '/v1/melt/bolt11',
    method: 'POST',
    action: 'holdReply',
    count: 1,
  });
  const held = mint.process.logged(/POST \/v1\/melt\/bolt11 200 held \(fault\)/);
  const result = await cashOutToInvoice(page, outsideInvoice(40));
  await killWhileHolding(held, async () => {
    await expect(result).toHaveText(cashOutTexts.CASH_OUT_PENDING, SETTLES);
    const during = await storedMoney(page);
    expect(during.history.filter((e) => e.type === 'cash-out')).toEqual([]);
  });
  expect(mint.url).toBe(url);

  await expect(page.getByText('Cash-out paid: 40 sats sent, 1 sat fee.').first()).toBeVisible(
    SETTLES,
  );
  await expect
    .poll(async () => {
      const stored = await storedMoney(page);
      return {
        balance: stored.balance,
        cashOuts: stored.history.filter((e) => e.type === 'cash-out').length,
      };
    }, SETTLES)
    .toEqual({ balance: 100 - 40 - 1, cashOuts: 1 });
  expect((await storedProofStates(page, url)).every((s) => s === 'UNSPENT')).toBe(true);

  // A fresh start finds nothing left to do: one cash-out, the same balance.
  await page.reload();
  await openWallet(page);
  await expect(page.getByTestId('wallet-balance')).toHaveText(`${100 - 40 - 1} sats`);
  const after = await storedMoney(page);
  expect(after.balance).toBe(100 - 40 - 1);
  expect(after.history.map((e) => e.type).sort()).toEqual(['cash-out', 'direct-payment']);
});
