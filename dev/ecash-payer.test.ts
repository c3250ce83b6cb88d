// The dev payer pays in a fiat unit too: usd ecash minted at the dev mint, a payload naming its unit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPublicKey, generateSecretKey } from 'nostr-tools/pure';
import * as nip17 from 'nostr-tools/nip17';
import { devMintPays, mintProofs, payloadWrap } from './ecash-payer.ts';
import type { ReadRequest } from './ecash-payer.ts';
import { call, cleanupTempDirs, startTestMint } from './mint/test-support.ts';
import type { TestMint } from './mint/test-support.ts';

let mint: TestMint;

beforeAll(async () => {
  mint = await startTestMint();
});

afterAll(async () => {
  await mint.cleanup();
  cleanupTempDirs();
});

describe('the dev payer in usd', () => {
  it('mints 3.50 USD of usd ecash at the dev mint', async () => {
    const proofs = await mintProofs(
      mint.url,
      350,
      (quote) => devMintPays(mint.url, quote),
      undefined,
      undefined,
      'usd',
    );
    const keysets = (await call(mint.url, 'GET', '/v1/keysets')).body.keysets as {
      id: string;
      unit: string;
    }[];
    const usd = new Set(keysets.filter((k) => k.unit === 'usd').map((k) => k.id));
    expect(proofs.reduce((sum, p) => sum + p.amount.toNumber(), 0)).toBe(350);
    expect(proofs.every((p) => usd.has(p.id))).toBe(true);
  });

  it('names the unit the request asks for in its payload', () => {
    const merchant = generateSecretKey();
    const request: ReadRequest = {
      id: 'r1',
      amount: 350,
      unit: 'usd',
      mints: [mint.url],
      pubkey: getPublicKey(merchant),
      relays: [],
    };
    const wrap = payloadWrap(request, { proofs: [] });
    const payload = JSON.parse(nip17.unwrapEvent(wrap, merchant).content) as { unit: string };
    expect(payload.unit).toBe('usd');
  });
});
