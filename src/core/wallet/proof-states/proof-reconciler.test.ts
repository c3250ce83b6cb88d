// Proof states held up against the real dev mint, on Dexie storage (fake-indexeddb), with two
// devices on one phrase: what the other device spent leaves the balance once, with one history
// row; withdrawals and cash-outs plan again with what is left; a mint that dies, lies or holds
// proofs PENDING changes nothing it should not; our own tokens stay ours.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { STATE_MALFORMATIONS } from '../../../../dev/mint/malform';
import { outsideInvoice, startTestMint } from '../../../../dev/mint/test-support';
import { devMintSuite } from '../../../testing/wallet/dev-mint-suite';
import { phraseDevice, redeem, type PhraseDevice } from '../../../testing/wallet/phrase-device';
import { isWithdrawError, type WithdrawResult } from '../withdraw/withdraw-plan';
import { proofY } from '../withdraw/spent-watch-client';
import { mintStateChecker } from './checkstate';
import { getEncodedToken, Wallet } from '@cashu/cashu-ts';
import { toNewProof } from '../proof-convert';

const dev = devMintSuite({ fresh: true });
const WAIT = { timeout: 15_000, interval: 25 };
const PIN = '482915';

/** A device of a new phrase, closed after the test. */
async function device(options: Parameters<typeof phraseDevice>[1] = {}): Promise<PhraseDevice> {
  return dev.track(await phraseDevice(dev.mint, options));
}

/** A second device restoring the first one's phrase. */
async function secondDevice(first: PhraseDevice): Promise<PhraseDevice> {
  const second = await device({ phrase: first.phrase });
  await second.restore();
  return second;
}

/**
 * A device that sold `before`, then `after` once a second device had restored its phrase; the
 * second then spent everything it found, so only the sales `after` are left on the first.
 */
async function soldAroundASpend(before: number[], after: number[]): Promise<PhraseDevice> {
  const one = await device();
  for (const amount of before) await one.sell(amount);
  const two = await secondDevice(one);
  for (const amount of after) await one.sell(amount);
  await spendEverything(two);
  return one;
}

/** The token of a withdrawal, or the test fails with the withdrawal's error. */
function tokenOf(result: WithdrawResult): string {
  if (isWithdrawError(result)) throw new Error(`withdrawal failed: ${result.error}`);
  return result.token;
}

/** The other device withdraws everything it restored and a customer redeems it at the mint. */
async function spendEverything(other: PhraseDevice): Promise<number> {
  return redeem(dev.mint, tokenOf(await other.withdraw.createToken()));
}

/** `count` one-sat proofs of the device's keyset with secrets the mint never signed. */
async function unknownProofsOf(d: PhraseDevice, url: string, count: number) {
  const { wallet } = await d.wallets.getSeededWallet(url);
  const id = wallet.getKeyset().id;
  return Array.from({ length: count }, (_, i) => ({
    secret: `never-signed-${i}-${Math.random()}`,
    amount: 1,
    id,
    C: '02'.padEnd(66, '1'),
  }));
}

const spentElsewhere = (amount: number, numProofs?: number) => ({
  type: 'spent-elsewhere',
  amount,
  metadata: numProofs === undefined ? expect.any(Object) : { numProofs },
});

describe('dollars spent on another device', () => {
  it('leave the dollar balance with a row in cents, and no sat figure counts them', async () => {
    const one = await device();
    await one.sell(100);
    // 256 cents minted for this device and stored as dollars, then spent by someone else.
    const wallet = new Wallet(dev.mint.url, { unit: 'usd' });
    await wallet.loadMint();
    const quote = await wallet.createMintQuoteBolt11(256);
    await dev.mint.pay(quote.quote);
    const dollars = await wallet.mintProofsBolt11(256, quote.quote);
    await one.storage.proofs.add(
      dollars.map((p) => ({ ...toNewProof(p), unit: 'usd' as const })),
      dev.mint.url,
    );
    await wallet.receive(getEncodedToken({ mint: dev.mint.url, unit: 'usd', proofs: dollars }));

    const outcome = await one.proofStates.checkAll();
    expect(outcome.failures).toEqual([]);
    expect(outcome.checks).toEqual([
      expect.objectContaining({ mintUrl: dev.mint.url, checked: 4, spentSats: 0 }),
    ]);
    expect(await one.storage.proofs.unitBalances()).toEqual([
      { mintUrl: dev.mint.url, amount: { unit: 'sat', minor: 100 } },
    ]);
    const { events } = await one.storage.history.page(1, 100);
    expect(events.filter((e) => e.type === 'spent-elsewhere')).toMatchObject([
      { amount: 256, unit: 'usd' },
    ]);
  });
});

describe('a second device on the phrase spends everything', () => {
  it('Refresh brings the balance to 0 with one history row, and a second Refresh adds none', async () => {
    const one = await device();
    await one.sell(300);
    await one.sell(200);
    const two = await secondDevice(one);
    expect(await two.storage.proofs.balance()).toBe(500);
    expect(await spendEverything(two)).toBe(500);

    const outcome = await one.proofStates.checkAll();
    expect(outcome.failures).toEqual([]);
    expect(outcome.checks).toEqual([
      expect.objectContaining({ mintUrl: dev.mint.url, spentSats: 500, pendingSats: 0 }),
    ]);
    const after = await one.stored();
    expect(after.balance).toBe(0);
    expect(after.history).toEqual([
      spentElsewhere(500),
      expect.objectContaining({ type: 'direct-payment', amount: 200 }),
      expect.objectContaining({ type: 'direct-payment', amount: 300 }),
    ]);
    expect(one.updates).toContainEqual({ reason: 'proof-states', amount: 500 });

    await one.proofStates.checkAll();
    expect((await one.stored()).history).toHaveLength(3);
  });

  it('a withdrawal then says there is nothing to withdraw, never "Token already spent"', async () => {
    const one = await device();
    await one.sell(120);
    await spendEverything(await secondDevice(one));
    // No Refresh first: the withdrawal asks the mint itself.
    const nothing = { code: 'no-proofs', error: 'No unspent proofs available' };
    expect(await one.withdraw.prepare()).toEqual(nothing);
    expect(await one.withdraw.createToken()).toEqual(nothing);
    expect(await one.withdraw.createToken({ amount: 120 })).toEqual(nothing);
    expect((await one.stored()).history).toEqual([
      spentElsewhere(120),
      expect.objectContaining({ type: 'direct-payment' }),
    ]);
  });

  it('two tabs checking at once record the spend once', async () => {
    const one = await device();
    await one.sell(77);
    await spendEverything(await secondDevice(one));
    const tab = await device({ dbName: one.dbName });
    await Promise.all([one.proofStates.checkAll(), tab.proofStates.checkAll()]);
    const after = await one.stored();
    expect(after.balance).toBe(0);
    expect(after.history.filter((e) => e.type === 'spent-elsewhere')).toEqual([spentElsewhere(77)]);
  });
});

describe('money-out plans again with what is left', () => {
  it('a withdrawal of everything leaves out what was spent elsewhere and its token redeems', async () => {
    // 60 sold after the restore: only this device has it.
    const one = await soldAroundASpend([100], [60]);
    // The merchant confirmed 160 (everything, as the screen showed it): 60 is what is left.
    const result = await one.withdraw.createToken({ amount: 160 });
    expect(isWithdrawError(result) ? result : result.amount).toBe(60);
    expect(await redeem(dev.mint, tokenOf(result))).toBe(60);
    expect((await one.stored()).history[0]).toEqual(spentElsewhere(100));
  });

  it('a swap refused with "already spent" checks the proofs and swaps what is left', async () => {
    const one = await soldAroundASpend([7, 7, 7], [7, 7]);
    // The check before the token cannot reach the mint, so the combining swap is sent with the
    // spent proofs in it; the mint refuses it (11001) and the check after that works.
    dev.mint.addFault({ path: '/v1/checkstate', action: 'error500', count: 1 });
    const result = await one.withdraw.createToken({ consolidate: true });
    expect(isWithdrawError(result) ? result : result.amount).toBe(14);
    expect(await redeem(dev.mint, tokenOf(result))).toBe(14);
    expect((await one.stored()).history[0]).toEqual(spentElsewhere(21));
    expect(one.storage.logger.errors).toEqual([]);
  });

  it('a cash-out quoted after the spend pays from what is left', async () => {
    const one = await soldAroundASpend([300], [400]);
    const plan = await one.cashOut.prepare(outsideInvoice(350));
    expect(plan.balance).toBe(400);
    const result = await one.cashOut.pay(plan);
    expect(result.status).toBe('paid');
    const after = await one.stored();
    expect(after.history.map((e) => e.type)).toEqual([
      'cash-out',
      'spent-elsewhere',
      'direct-payment',
      'direct-payment',
    ]);
    expect(after.history[1]).toEqual(spentElsewhere(300));
  });

  it('a melt refused with "already spent" removes the spent proofs and says nothing is left', async () => {
    const one = await device();
    await one.sell(500);
    // Quoted while everything was still unspent, paid after the other device spent it.
    const plan = await one.cashOut.prepare(outsideInvoice(200));
    await spendEverything(await secondDevice(one));
    await expect(one.cashOut.pay(plan)).rejects.toThrow(
      'There is nothing to cash out at this mint.',
    );
    const after = await one.stored();
    expect(after.balance).toBe(0);
    expect(after.history[0]).toEqual(spentElsewhere(500));
    expect(await one.storage.melts.list()).toEqual([]);
  });
});

describe('what a check never changes', () => {
  it('the mint dying in the middle of a check removes nothing; once back, the check does', async () => {
    const own = await startTestMint({ fresh: true });
    let calls = 0;
    const killing: PhraseDevice = dev.track(
      await phraseDevice(own, {
        checker: (url) =>
          mintStateChecker({
            check: async (payload) => {
              // The first batch is answered; the mint dies before the second.
              if (++calls === 2) await own.close();
              return killing.wallets.getMint(url).check(payload);
            },
          }),
      }),
    );
    await killing.sell(255);
    const two = dev.track(await phraseDevice(own, { phrase: killing.phrase }));
    await two.restore();
    expect(await redeem(own, tokenOf(await two.withdraw.createToken()))).toBe(255);
    // More than one batch of 100: proofs the mint never signed, which it reports unspent.
    await killing.storage.proofs.add(await unknownProofsOf(killing, own.url, 120), own.url);

    const outcome = await killing.proofStates.checkAll();
    expect(outcome.checks).toEqual([]);
    expect(outcome.failures).toEqual([{ mintUrl: own.url, error: expect.any(String) }]);
    expect(calls).toBe(2);
    const after = await killing.stored();
    expect(after.balance).toBe(255 + 120);
    expect(after.history.map((e) => e.type)).toEqual(['direct-payment']);

    // The mint comes back on the same port and data: the next check removes what was spent.
    const port = Number(new URL(own.url).port);
    const back = await startTestMint({ port, dataDir: own.dataDir });
    try {
      await killing.proofStates.checkAll();
      expect(await killing.stored()).toEqual({
        balance: 120,
        history: [spentElsewhere(255, 8), expect.objectContaining({ type: 'direct-payment' })],
      });
    } finally {
      await back.cleanup();
    }
  });

  it.each(STATE_MALFORMATIONS)('a checkstate reply with %s changes nothing', async (malform) => {
    const one = await device();
    await one.sell(90);
    await spendEverything(await secondDevice(one));
    dev.mint.addFault({ path: '/v1/checkstate', action: 'malform', malform });
    const outcome = await one.proofStates.checkAll();
    expect(outcome.failures).toHaveLength(1);
    expect(await one.storage.proofs.balance()).toBe(90);
    expect((await one.stored()).history).toHaveLength(1);
    dev.mint.clearFaults();
    await one.proofStates.checkAll();
    expect(await one.storage.proofs.balance()).toBe(0);
  });

  it("our own pending token's proofs are left to the withdrawal watch, which records a withdrawal", async () => {
    const one = await device();
    await one.sell(64);
    const token = tokenOf(await one.withdraw.createToken());
    one.withdraw.stop();
    expect(await redeem(dev.mint, token)).toBe(64);
    // Another page load of the same device, before its watch has seen the redemption.
    const reload = await device({ dbName: one.dbName });
    const outcome = await reload.proofStates.checkAll();
    expect(outcome.checks).toEqual([expect.objectContaining({ checked: 0, spentSats: 0 })]);
    expect(await reload.storage.proofs.balance()).toBe(64);
    await reload.withdraw.resumeAll();
    await expect.poll(() => reload.storage.proofs.balance(), WAIT).toBe(0);
    expect((await reload.stored()).history.map((e) => e.type)).toEqual([
      'withdrawal',
      'direct-payment',
    ]);
  });
});

describe('proofs the mint holds PENDING', () => {
  it('are set apart, never withdrawn, and checked again until the payment settles', async () => {
    const one = await device({ intervals: { pendingFirstMs: 50, pendingMaxMs: 200 } });
    await one.sell(256);
    const two = await secondDevice(one);
    await one.sell(100);
    // The other device pays a Lightning invoice with the 256 sats; the payment stays in flight.
    dev.mint.addFault({ path: '/v1/melt/bolt11', action: 'pending', count: 1 });
    const melt = await two.cashOut.pay(await two.cashOut.prepare(outsideInvoice(200)));
    expect(melt.status).toBe('pending');

    await one.proofStates.checkAll();
    expect(await one.withdraw.availability()).toEqual({
      mintUrl: dev.mint.url,
      available: 100,
      pending: 0,
      atMint: 256,
    });
    // Still in the balance: nothing left it yet.
    expect(await one.storage.proofs.balance()).toBe(356);
    const token = await one.withdraw.createToken();
    expect(isWithdrawError(token) ? token : token.amount).toBe(100);

    dev.mint.settleMelt(melt.quote, 'PAID');
    // No Refresh: the pending proofs are asked about again on their own.
    await expect.poll(() => one.storage.proofs.balance(), WAIT).toBe(100);
    expect((await one.stored()).history[0]).toEqual(spentElsewhere(256));
    expect((await one.withdraw.availability()).atMint).toBe(0);
  });

  it('come back as available when the payment fails', async () => {
    const one = await device();
    await one.sell(128);
    const two = await secondDevice(one);
    dev.mint.addFault({ path: '/v1/melt/bolt11', action: 'pending', count: 1 });
    const melt = await two.cashOut.pay(await two.cashOut.prepare(outsideInvoice(100)));
    await one.proofStates.checkAll();
    expect((await one.withdraw.availability()).atMint).toBe(128);
    dev.mint.settleMelt(melt.quote, 'UNPAID');
    await one.proofStates.checkAll();
    expect(await one.withdraw.availability()).toMatchObject({ available: 128, atMint: 0 });
    expect((await one.stored()).history).toHaveLength(1);
  });
});

describe('when a check runs', () => {
  it('at start at most once per interval, remembered across page loads', async () => {
    const one = await device();
    await one.sell(50);
    await one.proofStates.checkAtStart();
    // Each proof's Y is kept: no later check works it out again.
    const kept = await one.storage.proofs.listUnspent();
    expect(kept.map((p) => p.Y)).toEqual(kept.map((p) => proofY(p.secret)));
    let requests = 0;
    // Another page load of the device, counting what it asks the mint.
    const reload: PhraseDevice = await device({
      dbName: one.dbName,
      checker: (url) => {
        const real = mintStateChecker(reload.wallets.getMint(url));
        return {
          check: (Ys) => {
            requests++;
            return real.check(Ys);
          },
        };
      },
    });
    reload.storage.now.value = one.storage.now.value + 60_000;
    await reload.proofStates.checkAtStart();
    expect(requests).toBe(0);
    // Refresh is never held back.
    await reload.proofStates.checkAll();
    expect(requests).toBe(1);
    // Ten minutes after that check, a start asks again.
    reload.storage.now.value += 10 * 60_000;
    await reload.proofStates.checkAtStart();
    expect(requests).toBe(2);
  });

  it('sealed proofs of a locked till are checked once the PIN opens them', async () => {
    const one = await device();
    await one.storage.lock.setPin(PIN);
    await one.sell(210);
    await spendEverything(await secondDevice(one));
    // A reload: the till starts locked and its proof rows are sealed.
    const locked = await device({ dbName: one.dbName });
    await locked.storage.lock.init();
    expect(locked.storage.lock.state()).toBe('locked');
    const outcome = await locked.proofStates.checkAll();
    expect(outcome.checks).toEqual([expect.objectContaining({ checked: 0 })]);
    expect(await locked.storage.proofs.balance()).toBe(210);

    expect(await locked.storage.lock.enter(PIN)).toMatchObject({ ok: true });
    await locked.proofStates.checkAll();
    expect(await locked.stored()).toEqual({
      balance: 0,
      history: [spentElsewhere(210), expect.objectContaining({ type: 'direct-payment' })],
    });
  });
});
