// The merchant's remote-cashier storage on fake-indexeddb: one pairing secret across tabs, reset,
// the unpaired setting off by default, per-relay lookback, the mints used, credited sales, and the
// cap on unpaid remote quotes in the claim's transaction, the last published catalog and profile.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { PendingQuoteLimitError } from '../../core/errors';
import type { PendingMintQuote } from '../../core/wallet/mint/ports';
import type { SaleDetail } from '../../core/sale/sale-detail';
import { MINT_A, MINT_B, proof, testStorage } from '../../testing/storage/db';
import { expectOffUntilSet } from '../../testing/storage/off-until-set';
import { ecashPaymentRow } from '../wallet/ecash-settle';

const SALE: SaleDetail = {
  lines: [{ name: 'Amount', quantity: 1, unitSats: 25 }],
  subtotalSats: 25,
  taxSats: 0,
  tipSats: 0,
  method: 'ecash',
};

function remote(id: string, overrides: Partial<PendingMintQuote> = {}): PendingMintQuote {
  return {
    quote: id,
    mintUrl: MINT_A,
    amount: 5,
    request: 'lnbc',
    kind: 'remote',
    state: 'UNPAID',
    createdAt: 0,
    expiry: 2_000,
    ...overrides,
  };
}

describe('DexieMerchantTrustStore', () => {
  it('creates one pairing secret for two tabs asking at once, and a reset replaces it', async () => {
    const name = testStorage().db.name;
    const [a, b] = [testStorage(name), testStorage(name)];
    const [first, second] = await Promise.all([
      a.merchantTrust.getOrCreateSecret(),
      b.merchantTrust.getOrCreateSecret(),
    ]);
    expect(first).toHaveLength(32);
    expect(second).toEqual(first);
    const renewed = await a.merchantTrust.resetSecret();
    expect(renewed).not.toEqual(first);
    expect(await b.merchantTrust.getOrCreateSecret()).toEqual(renewed);
  });

  it('notes the last published catalog with its time, for the next page load to read', async () => {
    const name = testStorage().db.name;
    const first = testStorage(name);
    expect(await first.merchantTrust.lastPublishedCatalog()).toBeUndefined();
    await first.merchantTrust.recordPublishedCatalog({
      digest: 'ab'.repeat(32),
      createdAt: 1_700_000_002,
    });
    const next = testStorage(name);
    next.now.value = first.now.value + 5_000;
    expect(await next.merchantTrust.lastPublishedCatalog()).toEqual({
      digest: 'ab'.repeat(32),
      createdAt: 1_700_000_002,
      at: first.now.value,
    });
    // A row that does not read as one: published again rather than trusted.
    await first.db.config.put({ key: 'CASHIER_CATALOG', value: 'ab'.repeat(32), updatedAt: 1 });
    expect(await next.merchantTrust.lastPublishedCatalog()).toBeUndefined();
  });

  it('notes the profile it sends before sending it, for the next page load to read', async () => {
    const name = testStorage().db.name;
    const first = testStorage(name);
    expect(await first.merchantTrust.sentProfile()).toBeUndefined();
    const sent = { id: 'ab'.repeat(32), createdAt: 1_700_000_003, profile: '{"mints":[]}' };
    await first.merchantTrust.noteSentProfile(sent);
    expect(await testStorage(name).merchantTrust.sentProfile()).toEqual(sent);
    // A row that does not read as one: the clock alone dates the next profile.
    await first.db.config.put({ key: 'MERCHANT_PROFILE_SENT', value: 'soon', updatedAt: 1 });
    expect(await testStorage(name).merchantTrust.sentProfile()).toBeUndefined();
  });

  it('does not accept unpaired cashier links until told to', async () => {
    const s = testStorage();
    await expectOffUntilSet(s.merchantTrust, 'acceptsUnpaired', 'setAcceptsUnpaired');
  });

  it('keeps the last complete listen per relay URL', async () => {
    const s = testStorage();
    expect(await s.merchantTrust.lastListen('ws://a')).toBeUndefined();
    await s.merchantTrust.recordListen('ws://a', 1_000.7);
    await s.merchantTrust.recordListen('ws://b', 2_000);
    expect(await s.merchantTrust.lastListen('ws://a')).toBe(1_000);
    expect(await s.merchantTrust.lastListen('ws://b')).toBe(2_000);
  });

  it('lists every mint the wallet used: settings, proofs, history, pending quotes and claims', async () => {
    const s = testStorage();
    await s.config.setMintUrl('https://current.example');
    await s.proofs.add([proof('p', 1)], MINT_A);
    await s.history.addPayment({
      type: 'direct-payment',
      amount: 1,
      mintUrl: MINT_B,
      quoteId: 'h',
      request: 'lnbc',
    });
    await s.mintQuotes.put(remote('pending', { mintUrl: 'https://quotes.example' }));
    await s.ledger.claimRemoteQuote(remote('claimed', { mintUrl: 'https://claims.example' }));
    expect((await s.merchantTrust.knownMints()).sort()).toEqual(
      [
        'https://current.example',
        MINT_A,
        MINT_B,
        'https://quotes.example',
        'https://claims.example',
      ].sort(),
    );
  });

  it('finds a credited remote sale by its quote id', async () => {
    const s = testStorage();
    expect(await s.merchantTrust.creditedSale('q')).toBeUndefined();
    await s.history.addPayment({
      type: 'remote-payment',
      amount: 21,
      mintUrl: MINT_A,
      quoteId: 'q',
      request: 'lnbc',
    });
    expect(await s.merchantTrust.creditedSale('q')).toMatchObject({ amount: 21 });
  });

  it('finds a remote sale paid by its ecash request only with that request and the quote it closed', async () => {
    const s = testStorage();
    const event = { amount: 25, mintUrl: MINT_A, receiptId: 'req', fee: 0, sale: SALE };
    await s.db.historyEvents.add(ecashPaymentRow(event, 1_700_000_000_000, 'q'));
    expect(await s.merchantTrust.creditedSale('q', 'req')).toEqual({
      amount: 25,
      time: 1_700_000_000,
    });
    expect(await s.merchantTrust.creditedSale('q')).toBeUndefined();
    expect(await s.merchantTrust.creditedSale('other', 'req')).toBeUndefined();
    // A sale that closed no invoice (a pasted token) is no remote sale's.
    await s.db.historyEvents.add(
      ecashPaymentRow({ ...event, receiptId: 'token:x' }, 1_700_000_000_000),
    );
    expect(await s.merchantTrust.creditedSale('q', 'token:x')).toBeUndefined();
  });

  it('keeps the receipt key with the claim', async () => {
    const s = testStorage();
    await s.ledger.claimRemoteQuote(remote('r', { receipt: 'ab'.repeat(32) }));
    expect(await s.db.processedQuotes.get('r')).toMatchObject({ receipt: 'ab'.repeat(32) });
    expect(await s.mintQuotes.get('r')).toMatchObject({ receipt: 'ab'.repeat(32) });
  });
});

describe('Ledger.claimRemoteQuote with a cap on unpaid remote quotes', () => {
  const limit = { maxUnpaid: 3, nowSeconds: 1_500 };

  it('closes expired unpaid remote quotes, oldest expiry first, to make room', async () => {
    const s = testStorage();
    await s.ledger.claimRemoteQuote(remote('live', { expiry: 9_000 }));
    await s.ledger.claimRemoteQuote(remote('old', { expiry: 1_000 }));
    await s.ledger.claimRemoteQuote(remote('older', { expiry: 900 }));
    expect(await s.ledger.claimRemoteQuote(remote('new'), limit)).toBe(true);
    expect((await s.mintQuotes.list()).map((q) => q.quote).sort()).toEqual(['live', 'new', 'old']);
    expect(await s.db.processedQuotes.get('older')).toMatchObject({ outcome: 'expired' });
  });

  it('stores nothing when every tracked quote is still live, but always takes a paid one', async () => {
    const s = testStorage();
    for (const id of ['a', 'b', 'c'])
      await s.ledger.claimRemoteQuote(remote(id, { expiry: 9_000 }));
    await expect(s.ledger.claimRemoteQuote(remote('d'), limit)).rejects.toBeInstanceOf(
      PendingQuoteLimitError,
    );
    expect(await s.db.processedQuotes.get('d')).toBeUndefined();
    expect(await s.mintQuotes.get('d')).toBeUndefined();
    expect(await s.ledger.claimRemoteQuote(remote('paid', { state: 'PAID' }), limit)).toBe(true);
  });

  it('never closes a quote with a counter reservation', async () => {
    const s = testStorage();
    const reservation = { keysetId: 'k', start: 0, count: 1 };
    for (const id of ['a', 'b', 'c']) {
      await s.ledger.claimRemoteQuote(remote(id, { expiry: 10, reservation }));
    }
    expect(await s.ledger.claimRemoteQuote(remote('d'), limit)).toBe(true);
    expect(await s.mintQuotes.list()).toHaveLength(4);
  });

  it('accepts the current mint, keeps a mint switched away from until removed, never removes the current one', async () => {
    const s = testStorage();
    await s.config.setMintUrl(MINT_A);
    expect(await s.merchantTrust.acceptedMints()).toEqual([MINT_A]);
    await s.config.setMintUrl(`${MINT_B}/`);
    expect(await s.merchantTrust.acceptedMints()).toEqual([`${MINT_B}/`, MINT_A]);
    await s.merchantTrust.removeAcceptedMint(`${MINT_B}`);
    await s.merchantTrust.removeAcceptedMint(`${MINT_A}/`);
    expect(await s.merchantTrust.acceptedMints()).toEqual([`${MINT_B}/`]);
  });

  it('remembers every mint that listed NUT-20, whatever its spelling', async () => {
    const s = testStorage();
    expect(await s.merchantTrust.lockedBefore(MINT_A)).toBe(false);
    await s.merchantTrust.rememberLocking(`${MINT_A}/`);
    await s.merchantTrust.rememberLocking(MINT_A);
    expect(await s.merchantTrust.lockedBefore(MINT_A)).toBe(true);
    expect(await s.merchantTrust.lockedBefore(MINT_B)).toBe(false);
    expect(await s.merchantTrust.lockingMints()).toHaveLength(1);
  });

  it('takes no unlocked sales until told to, and counts refusals by reason', async () => {
    const s = testStorage();
    await expectOffUntilSet(s.merchantTrust, 'acceptsUnlocked', 'setAcceptsUnlocked');
    await Promise.all([
      s.merchantTrust.countRefused([
        { kind: 'mint', quote: 'q1' },
        { kind: 'mint', quote: 'q2' },
      ]),
      s.merchantTrust.countRefused([{ kind: 'unlocked', quote: 'q3' }]),
      s.merchantTrust.countRefused([{ kind: 'lines', quote: 'q4' }]),
    ]);
    // a relay handing the same message back, or the cashier re-sending it
    await s.merchantTrust.countRefused([{ kind: 'mint', quote: 'q1' }]);
    await s.merchantTrust.countRefused([{ kind: 'lines', quote: 'q4' }]);
    expect(await s.merchantTrust.refusedCounts()).toEqual({
      unpaired: 0,
      mint: 2,
      unlocked: 1,
      lines: 1,
    });
  });
});
