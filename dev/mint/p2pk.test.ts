// NUT-10/11 P2PK on swap and melt inputs: signatures, n_sigs, locktime and refund keys, SIG_ALL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { P2PKOptions, Proof, Wallet } from '@cashu/cashu-ts';
import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { checkSpendingConditions, sigAllMessage } from './p2pk.ts';
import {
  call,
  cleanupTempDirs,
  newWallet,
  outsideInvoice,
  proofsWire,
  randomOutputs,
  startTestMint,
  total,
} from './test-support.ts';
import type { TestMint } from './test-support.ts';
import type { ProofWire } from './types.ts';

let mint: TestMint;
let wallet: Wallet;

beforeAll(async () => {
  mint = await startTestMint();
  wallet = await newWallet(mint.url);
});

afterAll(async () => {
  await mint.cleanup();
  cleanupTempDirs();
});

function newKey() {
  const priv = secp256k1.utils.randomSecretKey();
  return { priv: bytesToHex(priv), pub: bytesToHex(secp256k1.getPublicKey(priv, true)) };
}
const [A, B, C, R1, R2] = [newKey(), newKey(), newKey(), newKey(), newKey()];
const now = () => Math.floor(Date.now() / 1000);

/** Proofs whose secrets carry these P2PK conditions, minted through a paid quote. */
async function locked(amount: number, options: P2PKOptions): Promise<Proof[]> {
  const quote = await wallet.createMintQuoteBolt11(amount);
  await mint.pay(quote.quote);
  return wallet.mintProofsBolt11(amount, quote.quote, undefined, { type: 'p2pk', options });
}

function sign(message: string, ...keys: { priv: string }[]): string[] {
  const digest = sha256(new TextEncoder().encode(message));
  return keys.map((k) => bytesToHex(schnorr.sign(digest, hexToBytes(k.priv))));
}

const witness = (signatures: string[]) => JSON.stringify({ signatures });

/** SIG_INPUTS: each input signed over its own secret by these keys. */
function signedEach(proofs: Proof[], ...keys: { priv: string }[]) {
  return proofsWire(proofs).map((p) => ({ ...p, witness: witness(sign(p.secret, ...keys)) }));
}

async function swap(inputs: ProofWire[], outputs?: { amount: number; id: string; B_: string }[]) {
  const amount = inputs.reduce((sum, p) => sum + p.amount, 0);
  return call(mint.url, 'POST', '/v1/swap', {
    inputs,
    outputs: outputs ?? randomOutputs(wallet, amount).wire,
  });
}

function expectRefused(reply: Awaited<ReturnType<typeof swap>>, detail?: RegExp) {
  expect(reply.status).toBe(400);
  expect(reply.body.code).toBe(20008);
  if (detail) expect(reply.body.detail).toMatch(detail);
}

describe('NUT-10/11 in /v1/info', () => {
  it('advertises spending conditions and P2PK', async () => {
    const info = await call(mint.url, 'GET', '/v1/info');
    expect(info.body.nuts).toMatchObject({ '10': { supported: true }, '11': { supported: true } });
  });
});

describe('SIG_INPUTS', () => {
  it('spends a proof locked to a key only with a signature by that key', async () => {
    const proofs = await locked(8, { pubkey: A.pub });
    expectRefused(await swap(proofsWire(proofs)), /Witness signatures not provided/);
    expectRefused(await swap(signedEach(proofs, B)), /P2PK spend conditions are not met/);
    expect(proofs.some((p) => mint.isSpent(p.secret))).toBe(false);
    expect((await swap(signedEach(proofs, A))).status).toBe(200);
    expect(proofs.every((p) => mint.isSpent(p.secret))).toBe(true);
  });

  it('takes what cashu-ts signs when receiving with the private key', async () => {
    const proofs = await locked(16, { pubkey: A.pub });
    const receiver = await newWallet(mint.url);
    await expect(receiver.receive(proofs)).rejects.toThrow();
    expect(total(await receiver.receive(proofs, { privkey: A.priv }))).toBe(16);
  });

  it('needs n_sigs distinct keys of data + pubkeys', async () => {
    const proofs = await locked(4, { pubkey: [A.pub, B.pub, C.pub], requiredSignatures: 2 });
    expectRefused(await swap(signedEach(proofs, C)));
    expectRefused(await swap(signedEach(proofs, A, A)));
    expect((await swap(signedEach(proofs, A, C))).status).toBe(200);
  });
});

describe('locktime and refund keys', () => {
  it('before the locktime: the lock key, not the refund key', async () => {
    const proofs = await locked(4, { pubkey: A.pub, locktime: now() + 3600, refundKeys: [R1.pub] });
    expectRefused(await swap(signedEach(proofs, R1)));
    expect((await swap(signedEach(proofs, A))).status).toBe(200);
  });

  it('after the locktime: the refund key as well as the lock key, but not no one', async () => {
    const options = { pubkey: A.pub, locktime: now() - 10, refundKeys: [R1.pub] };
    const first = await locked(4, options);
    expectRefused(await swap(proofsWire(first)), /Witness signatures not provided/);
    expectRefused(await swap(signedEach(first, B)));
    expect((await swap(signedEach(first, R1))).status).toBe(200);
    const second = await locked(4, options);
    expect((await swap(signedEach(second, A))).status).toBe(200);
  });

  it('after the locktime without refund keys: anyone, with no witness', async () => {
    const proofs = await locked(4, { pubkey: A.pub, locktime: now() - 10 });
    expect((await swap(proofsWire(proofs))).status).toBe(200);
  });

  it('after the locktime: n_sigs_refund of the refund keys', async () => {
    const proofs = await locked(4, {
      pubkey: A.pub,
      locktime: now() - 10,
      refundKeys: [R1.pub, R2.pub],
      requiredRefundSignatures: 2,
    });
    expectRefused(await swap(signedEach(proofs, R2)));
    expect((await swap(signedEach(proofs, R1, R2))).status).toBe(200);
  });
});

describe('SIG_ALL', () => {
  it('swaps with one signature over all inputs and outputs in the first witness', async () => {
    const proofs = await locked(3, { pubkey: A.pub, sigFlag: 'SIG_ALL' });
    expect(proofs.length).toBe(2);
    const inputs = proofsWire(proofs);
    const outputs = randomOutputs(wallet, 3).wire;
    const message = sigAllMessage(inputs, outputs);

    // Signing each secret (SIG_INPUTS style) is not enough.
    expectRefused(await swap(signedEach(proofs, A), outputs));
    // A signature for other outputs does not cover these.
    const otherOutputs = randomOutputs(wallet, 3).wire;
    const forOther = [{ ...inputs[0]!, witness: witness(sign(message, A)) }, inputs[1]!];
    expectRefused(await swap(forOther, otherOutputs));
    // By another key.
    expectRefused(
      await swap([{ ...inputs[0]!, witness: witness(sign(message, B)) }, inputs[1]!], outputs),
    );

    const good = [{ ...inputs[0]!, witness: witness(sign(message, A)) }, inputs[1]!];
    expect((await swap(good, outputs)).status).toBe(200);
  });

  it('refuses SIG_ALL inputs mixed with inputs of other conditions', async () => {
    const all = await locked(1, { pubkey: A.pub, sigFlag: 'SIG_ALL' });
    const plain = await locked(2, { pubkey: A.pub });
    const inputs = proofsWire([...all, ...plain]);
    const outputs = randomOutputs(wallet, 3).wire;
    const signed = [
      { ...inputs[0]!, witness: witness(sign(sigAllMessage(inputs, outputs), A)) },
      ...inputs.slice(1),
    ];
    expectRefused(await swap(signed, outputs), /same kind, data and tags/);
  });

  it('melts with the quote id in the signed message, and from cashu-ts', async () => {
    const proofs = await locked(21, { pubkey: A.pub, sigFlag: 'SIG_ALL' });
    const quote = await wallet.createMeltQuoteBolt11(outsideInvoice(20));
    const inputs = proofsWire(proofs);
    const withoutQuote = [
      { ...inputs[0]!, witness: witness(sign(sigAllMessage(inputs, []), A)) },
      ...inputs.slice(1),
    ];
    const refused = await call(mint.url, 'POST', '/v1/melt/bolt11', {
      quote: quote.quote,
      inputs: withoutQuote,
      outputs: [],
    });
    expectRefused(refused);
    const signed = [
      { ...inputs[0]!, witness: witness(sign(sigAllMessage(inputs, [], quote.quote), A)) },
      ...inputs.slice(1),
    ];
    const paid = await call(mint.url, 'POST', '/v1/melt/bolt11', {
      quote: quote.quote,
      inputs: signed,
      outputs: [],
    });
    expect(paid.body).toMatchObject({ state: 'PAID' });

    const more = await locked(30, { pubkey: A.pub, sigFlag: 'SIG_ALL' });
    const second = await wallet.createMeltQuoteBolt11(outsideInvoice(20));
    const result = await wallet.meltProofsBolt11(second, more, { privkey: A.priv });
    expect(result.quote.state).toBe('PAID');
    expect(total(result.change)).toBe(30 - 20 - 1);
  });
});

describe('malformed or unsupported conditions', () => {
  const input = (secret: string) => ({ amount: 1, id: '00', secret, C: '02' });
  const p2pk = (tags: string[][]) => JSON.stringify(['P2PK', { nonce: 'ab', data: A.pub, tags }]);

  it.each([
    [[['sigflag', 'SIG_ANY']], 'unknown sigflag SIG_ANY'],
    [[['n_sigs', '2']], 'n_sigs is more than the number of keys'],
    [[['n_sigs', '0']], 'n_sigs must be a positive integer'],
    [
      [
        ['locktime', '1'],
        ['locktime', '2'],
      ],
      'P2PK tag locktime appears more than once',
    ],
    [[['pubkeys', 'abcd']], 'P2PK key abcd is not a compressed key'],
    [[['pubkeys', A.pub]], 'duplicate P2PK keys'],
    [
      [
        ['refund', R1.pub],
        ['n_sigs_refund', '2'],
      ],
      'n_sigs_refund is more than the number of refund keys',
    ],
  ])('refuses a P2PK secret with tags %j as unspendable', (tags, detail) => {
    expect(() => checkSpendingConditions([input(p2pk(tags))], [])).toThrow(detail);
  });

  it('refuses kinds it does not support (HTLC), and passes plain secrets', () => {
    const htlc = JSON.stringify([
      'HTLC',
      { nonce: 'ab', data: bytesToHex(sha256(new TextEncoder().encode('x'))) },
    ]);
    expect(() => checkSpendingConditions([input(htlc)], [])).toThrow(
      'spending condition HTLC is not supported',
    );
    expect(() => checkSpendingConditions([input('a plain random secret')], [])).not.toThrow();
    expect(() => checkSpendingConditions([input('["not", "a secret"]')], [])).not.toThrow();
  });
});
