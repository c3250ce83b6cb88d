// A restart keeps keysets, spent secrets, signed outputs and quotes; `fresh` starts empty.
import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { startMint } from './server.ts';
import {
  call,
  cleanupTempDirs,
  fund,
  newSeed,
  newWallet,
  proofsWire,
  randomOutputs,
  tempDir,
  total,
} from './test-support.ts';

afterAll(() => cleanupTempDirs());

describe('persistence across restarts', () => {
  it('keeps keys, spent proofs, signatures and quotes after a restart', async () => {
    const dataDir = tempDir();
    const seed = newSeed();
    const first = await startMint({ port: 0, dataDir });
    const wallet = await newWallet(first.url, seed);
    const proofs = await fund(wallet, first, 32);
    const keysetId = wallet.keysetId;
    const { send, keep } = await wallet.send(12, proofs, undefined, {
      send: { type: 'deterministic', counter: 100 },
      keep: { type: 'deterministic', counter: 200 },
    });
    const signed = randomOutputs(wallet, 12);
    const swap = await call(first.url, 'POST', '/v1/swap', {
      inputs: proofsWire(send),
      outputs: signed.wire,
    });
    expect(swap.status).toBe(200);
    const openQuote = await wallet.createMintQuoteBolt11(7);
    const paidQuote = await wallet.createMintQuoteBolt11(9);
    await first.pay(paidQuote.quote);
    await first.close();
    expect(readdirSync(dataDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    const second = await startMint({ port: 0, dataDir });
    try {
      const keysets = (await call(second.url, 'GET', '/v1/keysets')).body.keysets as {
        unit: string;
      }[];
      expect(keysets.filter((k) => k.unit === 'sat')).toEqual([
        expect.objectContaining({ id: keysetId, active: true }),
      ]);

      const again = await newWallet(second.url, seed);
      const spentAgain = await call(second.url, 'POST', '/v1/swap', {
        inputs: proofsWire(send),
        outputs: randomOutputs(again, 12).wire,
      });
      expect(spentAgain.body).toMatchObject({ code: 11001 });
      const resign = await call(second.url, 'POST', '/v1/swap', {
        inputs: proofsWire(keep.slice(0, 1)),
        outputs: signed.wire.slice(0, 1).map((o) => ({ ...o, amount: keep[0]!.amount.toNumber() })),
      });
      expect(resign.body).toMatchObject({ code: 10002 });

      expect((await again.checkMintQuoteBolt11(openQuote.quote)).state).toBe('UNPAID');
      expect((await again.checkMintQuoteBolt11(paidQuote.quote)).state).toBe('PAID');
      // The same seed starts its in-memory counters at 0 again, so it must move past what it used.
      const minted = await again.mintProofsBolt11(9, paidQuote.quote, undefined, {
        type: 'deterministic',
        counter: 300,
      });
      expect(total(minted)).toBe(9);

      const restored = await again.restore(200, 10);
      expect(total(restored.proofs)).toBe(20);
      const received = await again.receive(keep);
      expect(total(received)).toBe(20);
    } finally {
      await second.close();
    }
  });

  it('starts empty with fresh: true', async () => {
    const dataDir = tempDir();
    const first = await startMint({ port: 0, dataDir });
    const quote = await call(first.url, 'POST', '/v1/mint/quote/bolt11', {
      amount: 5,
      unit: 'sat',
    });
    const oldKeysets = (await call(first.url, 'GET', '/v1/keysets')).body.keysets as {
      id: string;
    }[];
    await first.close();
    expect(existsSync(`${dataDir}/quotes.json`)).toBe(true);

    const second = await startMint({ port: 0, dataDir, fresh: true });
    try {
      const keysets = (await call(second.url, 'GET', '/v1/keysets')).body.keysets as {
        id: string;
      }[];
      expect(keysets.map((k) => k.id)).not.toContain(oldKeysets[0]!.id);
      const lookup = await call(
        second.url,
        'GET',
        `/v1/mint/quote/bolt11/${quote.body.quote as string}`,
      );
      expect(lookup.status).toBe(400);
    } finally {
      await second.close();
    }
  });

  it('rotates to a new keyset when restarted with a different input fee', async () => {
    const dataDir = tempDir();
    const first = await startMint({ port: 0, dataDir });
    const wallet = await newWallet(first.url);
    const proofs = await fund(wallet, first, 4);
    await first.close();

    const second = await startMint({ port: 0, dataDir, inputFeePpk: 100 });
    try {
      const keysets = (await call(second.url, 'GET', '/v1/keysets')).body.keysets as {
        unit: string;
      }[];
      expect(keysets.filter((k) => k.unit === 'sat')).toEqual([
        expect.objectContaining({ id: wallet.keysetId, active: false, input_fee_ppk: 0 }),
        expect.objectContaining({ active: true, input_fee_ppk: 100 }),
      ]);
      const spender = await newWallet(second.url);
      await spender.keyChain.ensureKeysetKeys(wallet.keysetId);
      // The fee follows the inputs' keyset, which charged nothing.
      expect(total(await spender.receive(proofs))).toBe(4);
    } finally {
      await second.close();
    }
  });
});
