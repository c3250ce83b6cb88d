// The dev mint's usd and eur units: keysets, quotes priced from the dev price feed, no unit mixing, faults per unit.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Wallet } from '@cashu/cashu-ts';
import { getSatoshisAmountFromBolt11 } from 'nostr-tools/nip57';
import { startPriceFeed } from '../prices/server.ts';
import type { DevPriceFeed } from '../prices/server.ts';
import { centsForSats, satsForCents } from './units.ts';
import {
  call,
  cleanupTempDirs,
  outsideInvoice,
  proofsWire,
  randomOutputs,
  startTestMint,
  tempDir,
  total,
} from './test-support.ts';
import type { TestMint } from './test-support.ts';

let mint: TestMint;
let feed: DevPriceFeed;

async function unitWallet(unit: string): Promise<Wallet> {
  const wallet = new Wallet(mint.url, { unit });
  await wallet.loadMint();
  return wallet;
}

async function fundUnit(wallet: Wallet, amount: number) {
  const quote = await wallet.createMintQuoteBolt11(amount);
  await mint.pay(quote.quote);
  return wallet.mintProofsBolt11(amount, quote.quote);
}

beforeAll(async () => {
  feed = await startPriceFeed({ port: 0 });
  mint = await startTestMint({ pricesUrl: feed.pricesUrl });
});

afterEach(() => {
  feed.reset();
  feed.clearFaults();
  mint.clearFaults();
});

afterAll(async () => {
  await mint.cleanup();
  await feed.close();
  cleanupTempDirs();
});

describe('rounding between cents and sats', () => {
  it('charges the payer whole sats rounded up and a melt whole cents rounded up', () => {
    expect(satsForCents(350, 100_000)).toBe(3500);
    expect(satsForCents(1, 92_000)).toBe(11); // 10.87 sat
    expect(centsForSats(2000, 100_000)).toBe(200);
    expect(centsForSats(1, 100_000)).toBe(1); // 0.1 cent
  });
});

describe('keysets and info', () => {
  it('offers one active keyset per unit and bolt11 methods for each', async () => {
    const { body } = await call(mint.url, 'GET', '/v1/keysets');
    const keysets = body.keysets as { unit: string; active: boolean }[];
    expect(keysets.filter((k) => k.active).map((k) => k.unit)).toEqual(['sat', 'usd', 'eur']);
    const info = (await call(mint.url, 'GET', '/v1/info')).body as {
      nuts: Record<string, { methods: { unit: string }[] }>;
    };
    expect(info.nuts['4']?.methods.map((m) => m.unit)).toEqual(['sat', 'usd', 'eur']);
    expect(info.nuts['5']?.methods.map((m) => m.unit)).toEqual(['sat', 'usd', 'eur']);
  });

  it('rotates a usd keyset without touching the sat one', async () => {
    const before = (await call(mint.url, 'GET', '/v1/keys')).body.keysets as {
      id: string;
      unit: string;
    }[];
    const rotated = mint.rotateKeyset(undefined, 'usd');
    const after = (await call(mint.url, 'GET', '/v1/keys')).body.keysets as {
      id: string;
      unit: string;
    }[];
    expect(rotated.unit).toBe('usd');
    expect(after.find((k) => k.unit === 'usd')?.id).toBe(rotated.id);
    expect(after.find((k) => k.unit === 'sat')?.id).toBe(before.find((k) => k.unit === 'sat')?.id);
  });

  it('adds usd and eur keysets to a data dir from before, keeping its sat keyset', async () => {
    const dataDir = tempDir();
    const first = await startTestMint({ dataDir });
    const satId = ((await call(first.url, 'GET', '/v1/keys')).body.keysets as { id: string }[])[0]
      ?.id;
    await first.close();
    // A sat-only state as older versions wrote it.
    const { readFileSync, writeFileSync } = await import('node:fs');
    const path = `${dataDir}/keysets.json`;
    const saved = JSON.parse(readFileSync(path, 'utf8')) as { keysets: { unit: string }[] };
    saved.keysets = saved.keysets.filter((k) => k.unit === 'sat');
    writeFileSync(path, JSON.stringify(saved));
    const again = await startTestMint({ dataDir });
    const keys = (await call(again.url, 'GET', '/v1/keys')).body.keysets as {
      id: string;
      unit: string;
    }[];
    await again.close();
    expect(keys.map((k) => k.unit)).toEqual(['sat', 'usd', 'eur']);
    expect(keys[0]?.id).toBe(satId);
  });
});

describe('mint quotes in usd and eur', () => {
  it('prices a 3.50 USD quote at 3 500 sat and mints 350 cents of usd ecash once paid', async () => {
    const wallet = await unitWallet('usd');
    const quote = await wallet.createMintQuoteBolt11(350);
    expect(quote.unit).toBe('usd');
    expect(quote.amount.toNumber()).toBe(350);
    expect(getSatoshisAmountFromBolt11(quote.request)).toBe(3500);
    await mint.pay(quote.quote);
    const proofs = await wallet.mintProofsBolt11(350, quote.quote);
    expect(total(proofs)).toBe(350);
    const usdIds = new Set(wallet.keyChain.getKeysets().map((k) => k.id));
    expect(proofs.every((p) => usdIds.has(p.id))).toBe(true);
  });

  it('reads the price feed when quoting: at 50 000 USD a dollar is 2 000 sat', async () => {
    feed.setPrices({ USD: 50_000, EUR: 40_000 });
    const usd = await unitWallet('usd');
    const eur = await unitWallet('eur');
    const usdQuote = await usd.createMintQuoteBolt11(100);
    const eurQuote = await eur.createMintQuoteBolt11(100);
    expect(getSatoshisAmountFromBolt11(usdQuote.request)).toBe(2000);
    expect(getSatoshisAmountFromBolt11(eurQuote.request)).toBe(2500);
  });

  it('refuses a fiat quote when the price feed fails, and still quotes sat', async () => {
    feed.addFault({ action: 'error500' });
    const refused = await call(mint.url, 'POST', '/v1/mint/quote/bolt11', {
      amount: 100,
      unit: 'usd',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(11000);
    expect(String(refused.body.detail)).toContain('price feed');
    const sat = await call(mint.url, 'POST', '/v1/mint/quote/bolt11', { amount: 100, unit: 'sat' });
    expect(sat.status).toBe(200);
  });

  it('refuses a unit it has no keyset for', async () => {
    const reply = await call(mint.url, 'POST', '/v1/mint/quote/bolt11', {
      amount: 100,
      unit: 'gbp',
    });
    expect(reply.body.code).toBe(11005);
  });

  it('refuses to mint sat outputs on a usd quote', async () => {
    const usd = await unitWallet('usd');
    const sat = await unitWallet('sat');
    const quote = await usd.createMintQuoteBolt11(8);
    await mint.pay(quote.quote);
    const reply = await call(mint.url, 'POST', '/v1/mint/bolt11', {
      quote: quote.quote,
      outputs: randomOutputs(sat, 8).wire,
    });
    expect(reply.body.code).toBe(11010);
    expect(mint.mintQuote(quote.quote)?.state).toBe('PAID');
  });
});

describe('never mixing units', () => {
  it('refuses a swap of usd inputs into sat outputs, leaving the inputs unspent', async () => {
    const usd = await unitWallet('usd');
    const sat = await unitWallet('sat');
    const proofs = await fundUnit(usd, 16);
    const reply = await call(mint.url, 'POST', '/v1/swap', {
      inputs: proofsWire(proofs),
      outputs: randomOutputs(sat, 16).wire,
    });
    expect(reply.body.code).toBe(11010);
    expect(proofs.some((p) => mint.isSpent(p.secret))).toBe(false);
  });

  it('refuses inputs of two units in one swap', async () => {
    const usd = await unitWallet('usd');
    const sat = await unitWallet('sat');
    const inputs = [...(await fundUnit(usd, 4)), ...(await fundUnit(sat, 4))];
    const reply = await call(mint.url, 'POST', '/v1/swap', {
      inputs: proofsWire(inputs),
      outputs: randomOutputs(usd, 8).wire,
    });
    expect(reply.body.code).toBe(11009);
  });

  it('refuses to melt sat proofs against a usd melt quote', async () => {
    const usd = await unitWallet('usd');
    const sat = await unitWallet('sat');
    const quote = await usd.createMeltQuoteBolt11(outsideInvoice(100));
    const proofs = await fundUnit(sat, 64);
    const reply = await call(mint.url, 'POST', '/v1/melt/bolt11', {
      quote: quote.quote,
      inputs: proofsWire(proofs),
    });
    expect(reply.body.code).toBe(11010);
    expect(mint.meltQuote(quote.quote)?.state).toBe('UNPAID');
  });
});

describe('melting usd', () => {
  it('quotes a 2 000 sat invoice at 200 cents and pays it from usd ecash with usd change', async () => {
    const usd = await unitWallet('usd');
    const proofs = await fundUnit(usd, 300);
    const quote = await usd.createMeltQuoteBolt11(outsideInvoice(2000));
    expect(quote.unit).toBe('usd');
    expect(quote.amount.toNumber()).toBe(200);
    expect(quote.fee_reserve.toNumber()).toBe(2);
    const { send } = await usd.send(202, proofs, { includeFees: false });
    const result = await usd.meltProofsBolt11(quote, send);
    expect(result.quote.state).toBe('PAID');
    // The 1 sat routing fee is 0.1 cent, charged as 1 cent: 1 of the 2 reserved comes back.
    const dev = await call(mint.url, 'GET', `/dev/melt/${quote.quote}`);
    expect(dev.body.fee_paid).toBe(1);
    expect(total(result.change)).toBe(total(send) - 200 - 1);
  });
});

describe('fault rules per unit', () => {
  it('refuses only the usd quote requests when the rule names usd', async () => {
    mint.addFault({
      path: '/v1/mint/quote/bolt11',
      action: 'refuse',
      code: 20003,
      detail: 'usd minting disabled',
      unit: 'usd',
    });
    const usd = await call(mint.url, 'POST', '/v1/mint/quote/bolt11', { amount: 5, unit: 'usd' });
    const sat = await call(mint.url, 'POST', '/v1/mint/quote/bolt11', { amount: 5, unit: 'sat' });
    const eur = await call(mint.url, 'POST', '/v1/mint/quote/bolt11', { amount: 5, unit: 'eur' });
    expect(usd.body.code).toBe(20003);
    expect(sat.status).toBe(200);
    expect(eur.status).toBe(200);
  });

  it('drops the reply of a usd mint (tokens signed) while sat mints answer', async () => {
    const usd = await unitWallet('usd');
    const sat = await unitWallet('sat');
    mint.addFault({ path: '/v1/mint/bolt11', action: 'dropResponse', unit: 'usd' });
    await expect(fundUnit(usd, 8)).rejects.toThrow();
    expect(total(await fundUnit(sat, 8))).toBe(8);
  });

  it('reads the unit of a swap from its inputs', async () => {
    const usd = await unitWallet('usd');
    const sat = await unitWallet('sat');
    const usdProofs = await fundUnit(usd, 4);
    const satProofs = await fundUnit(sat, 4);
    mint.addFault({ path: '/v1/swap', action: 'error500', unit: 'sat' });
    const usdSwap = await call(mint.url, 'POST', '/v1/swap', {
      inputs: proofsWire(usdProofs),
      outputs: randomOutputs(usd, 4).wire,
    });
    const satSwap = await call(mint.url, 'POST', '/v1/swap', {
      inputs: proofsWire(satProofs),
      outputs: randomOutputs(sat, 4).wire,
    });
    expect(usdSwap.status).toBe(200);
    expect(satSwap.status).toBe(500);
  });

  it('refuses a rule whose unit is not a string', async () => {
    const reply = await call(mint.url, 'POST', '/dev/faults', { path: '*', unit: 5 });
    expect(reply.status).toBe(400);
  });
});
