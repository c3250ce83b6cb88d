// The dev mint as a stricter oracle: successful replies spoilt after the mint acted (the
// "malform" fault). The app, minting a paid invoice through PaymentService against the real dev
// mint, must store nothing wrong, lose nothing and say what happened.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Wallet, injectWebSocketImpl } from '@cashu/cashu-ts';
import { generateMnemonic, mnemonicToSeedSync } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Malformation } from '../../dev/mint/malform';
import { startMint, type DevMint } from '../../dev/mint/server';
import { paymentHarness, type PaymentHarness } from '../testing/wallet/payment-harness';
import { encodeWithdrawToken } from '../core/wallet/withdraw/withdraw-token';

injectWebSocketImpl(WebSocket as unknown as typeof globalThis.WebSocket);

const WAIT = { timeout: 15_000, interval: 25 };
let dir: string;
let mint: DevMint;
const harnesses: PaymentHarness[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cashew-malformed-'));
  mint = await startMint({ port: 0, fresh: true, dataDir: dir });
});

afterEach(async () => {
  mint.clearFaults();
  await Promise.all(harnesses.splice(0).map((h) => h.shutdown()));
});

afterAll(async () => {
  await mint.close();
  rmSync(dir, { recursive: true, force: true });
});

function harness(): PaymentHarness {
  const h = paymentHarness({
    mintUrl: mint.url,
    seed: mnemonicToSeedSync(generateMnemonic(wordlist)),
  });
  harnesses.push(h);
  return h;
}

/** Redeems the stored proofs at the mint: only real, unspent signatures of the right amount pass. */
async function redeemable(h: PaymentHarness): Promise<number> {
  const proofs = [...h.db.proofs.values()].filter((p) => !p.isSpent);
  if (proofs.length === 0) return 0;
  const wallet = new Wallet(mint.url, { unit: 'sat' });
  await wallet.loadMint();
  const received = await wallet.receive(encodeWithdrawToken(mint.url, proofs));
  return received.reduce((sum, p) => sum + Number(p.amount), 0);
}

const SIGNATURE_FAULTS: Malformation[] = [
  'forgedSignature',
  'wrongAmount',
  'badC',
  'missingDleq',
  'wrongDleq',
  'wrongKeysetId',
  'extraSignature',
  'missingSignature',
];

/** What the app logs for each spoilt reply before it recovers with NUT-09 restore. */
const EXPECTED_LOG: Record<string, RegExp> = {
  forgedSignature: /without DLEQ proof/,
  wrongAmount: /wrong amount/,
  badC: /ended ambiguously; recovering/,
  missingDleq: /without DLEQ proof/,
  wrongDleq: /ended ambiguously; recovering/,
  wrongKeysetId: /keyset id at index 0 does not match/,
  extraSignature: /returned 4 signatures, expected 3/,
  missingSignature: /returned 2 signatures, expected 3/,
};

describe('malformed successful replies to a mint request', () => {
  it.each(SIGNATURE_FAULTS)(
    '%s: nothing wrong stored, the paid amount recovered once from the signed range',
    async (malform) => {
      const h = harness();
      mint.addFault({
        path: '/v1/mint/bolt11',
        method: 'POST',
        action: 'malform',
        malform,
        count: 1,
      });
      const quote = await h.service.createInvoice({ amount: 64 + 16 + 2 });
      await mint.pay(quote.quote);
      await expect.poll(() => h.settled.length + h.failed.length, WAIT).toBeGreaterThan(0);
      await h.service.idle();

      expect(h.failed).toEqual([]);
      expect(h.settled.map((s) => s.amount)).toEqual([82]);
      expect(h.balance()).toBe(82);
      // every stored proof is a real signature of the mint: it redeems for exactly what we count
      expect(await redeemable(h)).toBe(82);
      // recovery restored the reserved range; it never minted again with new counters
      expect(h.counters.reservations).toHaveLength(1);
      expect(h.db.history).toHaveLength(1);
      expect(await h.quotes.list()).toEqual([]);
      const said = h.logs.filter((l) => l.level === 'error' || l.level === 'warn');
      expect(said.some((l) => EXPECTED_LOG[malform]!.test(l.message))).toBe(true);
      expect(said.some((l) => /recovering/.test(l.message))).toBe(true);
    },
  );
});

describe('a keyset whose id does not match its keys', () => {
  it('the wallet refuses to load it: no quote is created and nothing is stored', async () => {
    const h = harness();
    mint.addFault({
      path: '/v1/keys*',
      method: 'GET',
      action: 'malform',
      malform: 'keysetIdMismatch',
    });
    const failure = await h.service.createInvoice({ amount: 5 }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/keyset/i);
    expect(await h.quotes.list()).toEqual([]);
    expect(h.balance()).toBe(0);
    expect(h.counters.reservations).toHaveLength(0);
  });
});
