import { Amount, type MintQuoteBolt11Response } from '@cashu/cashu-ts';
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { describe, expect, it } from 'vitest';
import { LockingUnavailableError, UnlockedQuoteError } from '../errors';
import { readPaymentEvent } from '../gift-wrap';
import { createRemoteInvoice, type QuoteWallet } from './remote-invoice';
import { hasPairingSignature, hasValidPairing, newPairingSecret, pairingKey } from '../pairing';
import { FakeRelayPool } from '../../../testing/remote-payments/fake-pool';

const MINT = 'http://127.0.0.1:3338';
const merchant = generateSecretKey();
const merchantPub = getPublicKey(merchant);

function standIn(options: { nut20: boolean; returnedPubkey?: string }) {
  const calls: string[] = [];
  const reply = (pubkey?: string): MintQuoteBolt11Response =>
    ({
      quote: 'q1',
      request: 'lnbc210n1pdev',
      amount: Amount.from(21),
      unit: 'sat',
      state: 'UNPAID',
      expiry: 1_900_000_000,
      ...(pubkey ? { pubkey } : {}),
    }) as MintQuoteBolt11Response;
  const wallet = {
    loadMint: async () => {},
    getMintInfo: () => ({ isSupported: () => ({ supported: options.nut20 }) }),
    createLockedMintQuote: async (_amount: unknown, pubkey: string) => {
      calls.push(`locked:${pubkey}`);
      return reply(options.returnedPubkey);
    },
    createMintQuoteBolt11: async () => {
      calls.push('unlocked');
      return reply();
    },
  } as unknown as QuoteWallet;
  return { wallet, calls };
}

/** createRemoteInvoice for the test merchant at MINT, sent to the one relay ws://a. */
function invoiceFor(
  amount: number,
  wallet: QuoteWallet,
  pool = new FakeRelayPool(),
  allowUnlocked?: boolean,
) {
  return createRemoteInvoice({
    ...toMerchant(wallet, pool),
    amount,
    ...(allowUnlocked === undefined ? {} : { allowUnlocked }),
  });
}

/** The test merchant at MINT through `wallet`, on the one relay ws://a. */
function toMerchant(wallet: QuoteWallet, pool: FakeRelayPool) {
  return {
    merchantPubkeyHex: merchantPub,
    mintUrl: MINT,
    relays: ['ws://a'],
    pool,
    mintClient: wallet,
  };
}

type InvoiceArgs = Parameters<typeof createRemoteInvoice>[0];

/** The message a paired cashier sends for 21 sats with `extra`, as the merchant reads it. */
async function pairedMessage(secret: Uint8Array, extra: Partial<InvoiceArgs>) {
  const pool = new FakeRelayPool();
  const { wallet } = standIn({ nut20: true, returnedPubkey: `02${merchantPub}` });
  const given = Object.fromEntries(Object.entries(extra).filter(([, v]) => v !== undefined));
  await createRemoteInvoice({
    ...toMerchant(wallet, pool),
    amount: 21,
    pairingSecret: secret,
    ...given,
  });
  // The merchant's own reader, with its size bound: the message must be read.
  return readPaymentEvent(pool.events.get('ws://a')![0]!, merchant);
}

describe('createRemoteInvoice', () => {
  it('refuses a quote the mint did not lock, and sends nothing', async () => {
    const pool = new FakeRelayPool();
    const { wallet } = standIn({ nut20: true });
    const attempt = invoiceFor(21, wallet, pool);
    await expect(attempt).rejects.toBeInstanceOf(UnlockedQuoteError);
    await expect(attempt).rejects.toThrow('Mint returned unlocked mint quote');
    expect(pool.events.size).toBe(0);
  });

  it('locks to 02 + the merchant key and tells the merchant', async () => {
    const pool = new FakeRelayPool();
    const lock = `02${merchantPub}`;
    const { wallet, calls } = standIn({ nut20: true, returnedPubkey: lock });
    const invoice = await invoiceFor(21, wallet, pool);
    expect(calls).toEqual([`locked:${lock}`]);
    expect(invoice).toEqual({
      quote: 'q1',
      request: 'lnbc210n1pdev',
      amount: 21,
      expiry: 1_900_000_000,
      pubkey: lock,
      relays: ['ws://a'],
    });
    const [wrap] = pool.events.get('ws://a') ?? [];
    expect(readPaymentEvent(wrap!, merchant, { currentMintUrl: MINT })).toMatchObject({
      quote: 'q1',
      amount: 21,
      pubkey: lock,
    });
  });

  it('with a sales inbox key in the profile, locks and sends to it, with the signed pairing proof', async () => {
    const pool = new FakeRelayPool();
    const inbox = generateSecretKey();
    const lock = `02${getPublicKey(inbox)}`;
    const secret = newPairingSecret();
    const { wallet, calls } = standIn({ nut20: true, returnedPubkey: lock });
    const invoice = await createRemoteInvoice({
      merchantPubkeyHex: merchantPub,
      recipientPubkeyHex: getPublicKey(inbox),
      amount: 21,
      mintUrl: MINT,
      relays: ['ws://a'],
      pool,
      mintClient: wallet,
      pairingSecret: secret,
    });
    expect(calls).toEqual([`locked:${lock}`]);
    expect(invoice.pubkey).toBe(lock);
    const [wrap] = pool.events.get('ws://a') ?? [];
    expect(wrap!.tags).toContainEqual(['p', getPublicKey(inbox)]);
    // Only the inbox key opens it, not the merchant's npub.
    expect(() => readPaymentEvent(wrap!, merchant, { currentMintUrl: MINT })).toThrow();
    const message = readPaymentEvent(wrap!, inbox, { currentMintUrl: MINT });
    expect(hasPairingSignature(pairingKey(secret), message)).toBe(true);
    expect(hasValidPairing(secret, message)).toBe(true);
  });

  it('creates nothing and sends nothing on a mint without NUT-20 unless the merchant takes unlocked quotes', async () => {
    const pool = new FakeRelayPool();
    const { wallet, calls } = standIn({ nut20: false });
    await expect(invoiceFor(21, wallet, pool)).rejects.toBeInstanceOf(LockingUnavailableError);
    expect(calls).toEqual([]);
    expect(pool.events.size).toBe(0);
  });

  it('creates an unlocked quote on a mint without NUT-20 when the merchant’s profile allows it', async () => {
    const pool = new FakeRelayPool();
    const { wallet, calls } = standIn({ nut20: false });
    const invoice = await invoiceFor(21, wallet, pool, true);
    expect(calls).toEqual(['unlocked']);
    expect(invoice.pubkey).toBeUndefined();
  });

  it('rejects an amount that is not a positive whole number before calling the mint', async () => {
    const { wallet, calls } = standIn({ nut20: true });
    await expect(invoiceFor(0, wallet)).rejects.toThrow();
    expect(calls).toEqual([]);
  });

  it("sends a cart's lines only when they add up to the quote and the message stays in bounds", async () => {
    const send = (sale: InvoiceArgs['sale']) => pairedMessage(newPairingSecret(), { sale });
    const line = { name: 'Tea', quantity: 3, unitSats: 7 };
    const fits = { lines: [line], subtotalSats: 21, taxSats: 0, tipSats: 0 };
    expect((await send(fits)).sale).toEqual(fits);
    expect((await send({ ...fits, tipSats: 1 })).sale).toBeUndefined();
    // 150 lines (under the 200-line bound) of long names: past 8 KiB together.
    const many = {
      lines: Array.from({ length: 150 }, (_, n) => ({
        name: `${'A long item name '.repeat(4)}${n}`,
        quantity: 1,
        unitSats: n < 21 ? 1 : 0,
      })),
      subtotalSats: 21,
      taxSats: 0,
      tipSats: 0,
    };
    const message = await send(many);
    expect(message.sale).toBeUndefined();
    expect(message.amount).toBe(21);
  });

  it('sends the screen’s fiat record, proven by the pairing, only when it is the mint’s amount’s (decision 0046)', async () => {
    const secret = newPairingSecret();
    const send = (fiat: InvoiceArgs['fiat']) =>
      pairedMessage(secret, { fiat, now: 1_800_000_000_000 });
    // 21 sats at 100,000 USD/BTC is 0.021 USD: 0.02 to the cent.
    const fiat = { currency: 'USD', price: 100_000, value: 0.02, time: 1_799_999_990_000 };
    const sent = await send(fiat);
    expect(sent.fiat).toEqual(fiat);
    expect(hasValidPairing(secret, sent)).toBe(true);
    expect(hasValidPairing(secret, { ...sent, fiat: { ...fiat, value: 0.03 } })).toBe(false);
    // A record for other sats is not sent: the merchant would ignore it.
    const other = await send({ ...fiat, value: 12 });
    expect(other.fiat).toBeUndefined();
    expect(hasValidPairing(secret, other)).toBe(true);
  });

  it('sends a dollar till’s sale in usd, its cents, proven, without a fiat record (decision 0092)', async () => {
    const secret = newPairingSecret();
    const fiat = { currency: 'USD', price: 100_000, value: 0.02, time: 1_799_999_990_000 };
    const sent = await pairedMessage(secret, { unit: 'usd', fiat, now: 1_800_000_000_000 });
    expect(sent).toMatchObject({ unit: 'usd', amount: 21 });
    expect(sent.fiat).toBeUndefined();
    expect(hasValidPairing(secret, sent)).toBe(true);
    expect(hasValidPairing(secret, { ...sent, unit: 'sat' })).toBe(false);
    // Without a unit the message is as before units: sats.
    expect((await pairedMessage(secret, {})).unit).toBe('sat');
  });
});
