// A cashu-ts wallet in Node against the dev mint: mint, swap, send/receive, checkstate, melt, restore.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckStateEnum, Wallet, signMintQuote } from '@cashu/cashu-ts';
import type { Proof } from '@cashu/cashu-ts';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { getSatoshisAmountFromBolt11 } from 'nostr-tools/nip57';
import { encodeInvoice, randomPreimage } from './bolt11.ts';
import {
  call,
  cleanupTempDirs,
  newSeed,
  newWallet,
  randomOutputs,
  startTestMint,
  token,
  total,
} from './test-support.ts';
import type { TestMint } from './test-support.ts';

let mint: TestMint;

beforeAll(async () => {
  mint = await startTestMint();
});

afterAll(async () => {
  await mint.cleanup();
  cleanupTempDirs();
});

function externalInvoice(sats: number): string {
  return encodeInvoice({
    sats,
    paymentHash: randomPreimage().paymentHash,
    description: 'elsewhere',
    expirySeconds: 600,
    nodeKey: secp256k1.utils.randomSecretKey(),
  });
}

describe('money round trip with a seeded wallet', () => {
  const seed = newSeed();
  let wallet: Wallet;
  let kept: Proof[] = [];

  it('issues 100 sat of DLEQ-backed proofs once the quote invoice is paid', async () => {
    wallet = await newWallet(mint.url, seed);
    const quote = await wallet.createMintQuoteBolt11(100);
    expect(quote.state).toBe('UNPAID');
    expect(getSatoshisAmountFromBolt11(quote.request)).toBe(100);
    expect(quote.expiry).toBeGreaterThan(Date.now() / 1000);

    const early = await call(mint.url, 'POST', '/v1/mint/bolt11', {
      quote: quote.quote,
      outputs: randomOutputs(wallet, 100).wire,
    });
    expect(early.body).toMatchObject({ code: 20001 });

    await mint.pay(quote.quote);
    expect((await wallet.checkMintQuoteBolt11(quote.quote)).state).toBe('PAID');

    const proofs = await wallet.mintProofsBolt11(100, quote.quote, undefined, {
      type: 'deterministic',
      counter: 0,
    });
    expect(total(proofs)).toBe(100);
    expect(proofs.every((p) => p.dleq !== undefined)).toBe(true);
    expect((await wallet.checkMintQuoteBolt11(quote.quote)).state).toBe('ISSUED');

    const again = await call(mint.url, 'POST', '/v1/mint/bolt11', {
      quote: quote.quote,
      outputs: randomOutputs(wallet, 100).wire,
    });
    expect(again).toMatchObject({ status: 400, body: { code: 20002 } });
    kept = proofs;
  });

  it('sends 30 sat as a token that another wallet receives, spending the sent proofs', async () => {
    const { keep, send } = await wallet.send(30, kept, undefined, {
      send: { type: 'deterministic', counter: 10 },
      keep: { type: 'deterministic', counter: 20 },
    });
    expect(total(send)).toBe(30);
    expect(total(keep)).toBe(70);

    const receiver = await newWallet(mint.url);
    const received = await receiver.receive(token(mint.url, send));
    expect(total(received)).toBe(30);

    const states = await wallet.checkProofsStates([...send, ...keep]);
    expect(states.slice(0, send.length).every((s) => s.state === CheckStateEnum.SPENT)).toBe(true);
    expect(states.slice(send.length).every((s) => s.state === CheckStateEnum.UNSPENT)).toBe(true);
    kept = keep;
  });

  it('melts 50 sat to an invoice and returns what the 1-sat route did not cost as change', async () => {
    const meltQuote = await wallet.createMeltQuoteBolt11(externalInvoice(50));
    expect(meltQuote.amount.toNumber()).toBe(50);
    expect(meltQuote.fee_reserve.toNumber()).toBeGreaterThanOrEqual(1);

    const result = await wallet.meltProofsBolt11(meltQuote, kept, undefined, {
      type: 'deterministic',
      counter: 30,
    });
    expect(result.quote.state).toBe('PAID');
    expect(total(result.change)).toBe(19);
    kept = result.change;
    expect(total(kept)).toBe(19);
  });

  it('restores exactly the unspent 19 sat from the seed (NUT-09)', async () => {
    const restorer = await newWallet(mint.url, seed);
    const { proofs } = await restorer.batchRestore(20, 20, 0);
    const states = await restorer.checkProofsStates(proofs);
    const unspent = proofs.filter((_, i) => states[i]?.state === CheckStateEnum.UNSPENT);
    expect(total(unspent)).toBe(19);
    expect(unspent.map((p) => p.secret).sort()).toEqual(kept.map((p) => p.secret).sort());
  });
});

describe('quotes locked to a key (NUT-20)', () => {
  it('mints a locked quote only with a signature from its key', async () => {
    const wallet = await newWallet(mint.url);
    const privkey = secp256k1.utils.randomSecretKey();
    const pubkey = bytesToHex(secp256k1.getPublicKey(privkey, true));
    const quote = await wallet.createLockedMintQuote(64, pubkey);
    expect(quote.pubkey).toBe(pubkey);
    await mint.pay(quote.quote);

    const { wire } = randomOutputs(wallet, 64);
    const unsigned = await call(mint.url, 'POST', '/v1/mint/bolt11', {
      quote: quote.quote,
      outputs: wire,
    });
    expect(unsigned).toMatchObject({ status: 400, body: { code: 20008 } });

    const stranger = bytesToHex(secp256k1.utils.randomSecretKey());
    const forged = await call(mint.url, 'POST', '/v1/mint/bolt11', {
      quote: quote.quote,
      outputs: wire,
      signature: signMintQuote(stranger, quote.quote, wire as never),
    });
    expect(forged).toMatchObject({ status: 400, body: { code: 20008 } });
    expect(mint.mintQuote(quote.quote)?.state).toBe('PAID');

    const proofs = await wallet.mintProofsBolt11(64, quote, { privkey: bytesToHex(privkey) });
    expect(total(proofs)).toBe(64);
  });

  it('accepts both the current and the original NUT-20 message forms', async () => {
    const wallet = await newWallet(mint.url);
    const privkey = secp256k1.utils.randomSecretKey();
    const pubkey = bytesToHex(secp256k1.getPublicKey(privkey, true));

    const current = await wallet.createLockedMintQuote(8, pubkey);
    await mint.pay(current.quote);
    const preview = await wallet.prepareMint('bolt11', 8, current, {
      privkey: bytesToHex(privkey),
    });
    const amended = await call(mint.url, 'POST', '/v1/mint/bolt11', preview.payload);
    expect(amended.status).toBe(200);

    const original = await wallet.createLockedMintQuote(8, pubkey);
    await mint.pay(original.quote);
    const { wire } = randomOutputs(wallet, 8);
    const legacy = await call(mint.url, 'POST', '/v1/mint/bolt11', {
      quote: original.quote,
      outputs: wire,
      signature: signMintQuote(bytesToHex(privkey), original.quote, wire as never),
    });
    expect(legacy.status).toBe(200);
    expect((legacy.body.signatures as unknown[]).length).toBe(wire.length);
  });

  it('refuses a quote request with a malformed pubkey', async () => {
    const reply = await call(mint.url, 'POST', '/v1/mint/quote/bolt11', {
      amount: 5,
      unit: 'sat',
      pubkey: '02abcd',
    });
    expect(reply).toMatchObject({ status: 400, body: { code: 20009 } });
  });
});
