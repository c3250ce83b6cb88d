// A till charging in dollars takes dollar ecash, stored and recorded in cents beside its sats, and
// refuses ecash of any other unit by name, whatever the token claims, storing nothing.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { getEncodedToken, Wallet, type Proof } from '@cashu/cashu-ts';
import { startTestMint, type TestMint } from '../../../../dev/mint/test-support';
import { devMints } from '../../../testing/wallet/dev-mints';
import { ecashReceiverOn } from '../../../testing/wallet/ecash-receiver';
import { freezeAt } from '../../../testing/wallet/freeze-at';
import type { Checkpoint } from '../../checkpoint';
import { ValidationError } from '../../errors';
import { amountOf } from '../../units/amount';
import { parseEcashProofs } from './ecash-input';
import type { TestStorage } from '../../../testing/storage/db';

let mint: TestMint;
const mints = devMints(async () => {
  mint = await startTestMint();
  return [mint];
});

async function proofsIn(unit: 'sat' | 'usd', amount: number): Promise<Proof[]> {
  const wallet = new Wallet(mint.url, { unit });
  await wallet.loadMint();
  const quote = await wallet.createMintQuoteBolt11(amount);
  await mint.pay(quote.quote);
  return wallet.mintProofsBolt11(amount, quote.quote);
}

async function usdTill(checkpoint?: Checkpoint, earlier?: TestStorage) {
  const { storage, wallets } = await mints.tillStorage(mint.url, earlier);
  return { storage, receiver: ecashReceiverOn(storage, wallets, checkpoint ? { checkpoint } : {}) };
}

const usdPayment = (proofs: Proof[]) => ({
  id: 'usd-request',
  mintUrl: mint.url,
  proofs,
  unit: 'usd',
  tillUnit: 'usd' as const,
  amount: 350,
});

const DOLLAR_SALE = { amount: 350, unit: 'usd' } as const;
const SAT_REFUSAL = 'This ecash is in sat; this till takes USD.';

describe('ecash at a till charging in USD', () => {
  it('takes a usd token as cents: the usd balance reads 350 and no sat is counted', async () => {
    const { storage, receiver } = await usdTill();
    const token = getEncodedToken({
      mint: mint.url,
      proofs: await proofsIn('usd', 350),
      unit: 'usd',
    });

    const result = await receiver.receiveToken(token, DOLLAR_SALE);

    expect(result).toMatchObject({ status: 'received', amount: 350 });
    expect(await storage.proofs.unitBalances()).toEqual([
      { mintUrl: mint.url, amount: amountOf(350, 'usd') },
    ]);
    expect(await storage.proofs.balance()).toBe(0);
    const [event] = (await storage.history.page(1)).events;
    expect(event).toMatchObject({ type: 'ecash-payment', amount: 350, unit: 'usd' });
    expect(await storage.ecashReceipts.list()).toEqual([]);
  });

  it('takes a usd NUT-18 payload for a usd request', async () => {
    const { storage, receiver } = await usdTill();
    const proofs = await proofsIn('usd', 400);

    const result = await receiver.receive(usdPayment(proofs));

    // What arrives beyond the sale is its tip, in cents too.
    expect(result).toMatchObject({ status: 'received', amount: 400, tipSats: 50 });
    expect(await storage.proofs.unitBalances()).toEqual([
      { mintUrl: mint.url, amount: amountOf(400, 'usd') },
    ]);
  });

  it.each([
    ['a pasted sat token by name', 'sat'],
    ['sat ecash that says it is usd: the keysets decide, by name', 'usd'],
  ])('refuses %s, storing and swapping nothing', async (_, claimed) => {
    const { storage, receiver } = await usdTill();
    const proofs = await proofsIn('sat', 350);
    const token = getEncodedToken({ mint: mint.url, proofs, unit: claimed });

    await expect(receiver.receiveToken(token, DOLLAR_SALE)).rejects.toThrow(SAT_REFUSAL);

    expect(await storage.proofs.unitBalances()).toEqual([]);
    expect(await storage.ecashReceipts.list()).toEqual([]);
    for (const p of proofs) expect(mint.isSpent(p.secret)).toBe(false);
  });
});

describe('dollar ecash under faults', () => {
  it('a lost swap answer keeps the dollars journaled; start-up stores them as cents, once', async () => {
    const { storage, receiver } = await usdTill();
    const proofs = await proofsIn('usd', 350);
    mint.addFault({ path: '/v1/swap', method: 'POST', action: 'error500' });
    mint.addFault({ path: '/v1/restore', method: 'POST', action: 'error500' });
    await expect(receiver.receive(usdPayment(proofs))).rejects.toThrow();
    expect(await storage.ecashReceipts.list()).toMatchObject([{ unit: 'usd' }]);
    mint.clearFaults();

    expect(await receiver.resumeAll()).toMatchObject([{ status: 'received', amount: 350 }]);
    expect(await receiver.resumeAll()).toEqual([]);
    expect(await storage.proofs.unitBalances()).toEqual([
      { mintUrl: mint.url, amount: amountOf(350, 'usd') },
    ]);
    expect(await storage.proofs.balance()).toBe(0);
  });

  it('a tab that dies after the mint signed lands the dollars once after the next start', async () => {
    const frozen = freezeAt('ecash:signed');
    const first = await usdTill(frozen.checkpoint);
    const proofs = await proofsIn('usd', 350);
    void first.receiver.receive(usdPayment(proofs));
    await frozen.reached;

    const second = await usdTill(undefined, first.storage);
    await second.receiver.resumeAll();
    expect(await second.receiver.receive(usdPayment(proofs))).toMatchObject({
      status: 'duplicate',
    });
    expect(await second.storage.proofs.unitBalances()).toEqual([
      { mintUrl: mint.url, amount: amountOf(350, 'usd') },
    ]);
    const events = (await second.storage.history.page(1)).events;
    expect(events.filter((e) => e.type === 'ecash-payment')).toMatchObject([{ unit: 'usd' }]);
  });
});

describe('the unit a payment claims', () => {
  const proof = { id: '00ad268c4d1f5826', amount: 1, secret: 's', C: '02ab' };

  it('refuses a claim of another unit with both units and the catalog key', () => {
    let refusal: unknown;
    try {
      parseEcashProofs([proof], 'eur', 'usd');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ValidationError);
    expect((refusal as ValidationError).message).toBe('This ecash is in eur; this till takes USD.');
    expect((refusal as ValidationError).text).toEqual({
      key: 'WRONG_UNIT',
      values: { unit: 'eur', till: 'USD' },
    });
  });

  it('keeps the words of before units at a sat till, and reads no unit as sats', () => {
    expect(() => parseEcashProofs([proof], 'usd')).toThrow('This ecash is not in sats');
    expect(parseEcashProofs([proof], undefined)).toHaveLength(1);
    expect(() => parseEcashProofs([proof], undefined, 'usd')).toThrow(
      'This ecash is in sat; this till takes USD.',
    );
  });
});
