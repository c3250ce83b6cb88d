// A till selling in sats refuses ecash of another unit by name, whatever unit the token claims.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { getEncodedToken, Wallet, type Proof } from '@cashu/cashu-ts';
import { startTestMint, type TestMint } from '../../../../dev/mint/test-support';
import { devMints } from '../../../testing/wallet/dev-mints';
import { ecashReceiverOn } from '../../../testing/wallet/ecash-receiver';
import { keypadSale } from '../../sale/sale';
import { NOT_SATS_MESSAGE } from './ecash-input';

let mint: TestMint;
const mints = devMints(async () => {
  mint = await startTestMint();
  return [mint];
});

async function usdProofs(cents: number): Promise<Proof[]> {
  const wallet = new Wallet(mint.url, { unit: 'usd' });
  await wallet.loadMint();
  const quote = await wallet.createMintQuoteBolt11(cents);
  await mint.pay(quote.quote);
  return wallet.mintProofsBolt11(cents, quote.quote);
}

async function satTill() {
  const { storage, wallets } = await mints.tillStorage(mint.url);
  return { storage, receiver: ecashReceiverOn(storage, wallets, {}) };
}

describe('ecash of another unit at a sat till', () => {
  it('refuses dollar ecash that says it is sats, before anything is stored or swapped', async () => {
    const { storage, receiver } = await satTill();
    const proofs = await usdProofs(350);
    await expect(
      receiver.receive({ id: 'usd-as-sat', mintUrl: mint.url, proofs, unit: 'sat', amount: 350 }),
    ).rejects.toThrow(NOT_SATS_MESSAGE);
    expect(await storage.proofs.balance()).toBe(0);
    expect(await storage.ecashReceipts.list()).toEqual([]);
    for (const p of proofs) expect(mint.isSpent(p.secret)).toBe(false);
  });

  it('refuses a pasted usd token by name', async () => {
    const { storage, receiver } = await satTill();
    const proofs = await usdProofs(100);
    const token = getEncodedToken({ mint: mint.url, proofs, unit: 'usd' });
    await expect(receiver.receiveToken(token, keypadSale(100))).rejects.toThrow(NOT_SATS_MESSAGE);
    expect(await storage.proofs.balance()).toBe(0);
  });
});
