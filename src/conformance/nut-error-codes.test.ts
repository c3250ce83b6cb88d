// NUT error codes of both generations (the current table and the older numbers deployed mints
// still send), answered by the dev mint's refuse fault and classified by core/wallet/mint-errors.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMint, type DevMint } from '../../dev/mint/server';
import { MintRefusedError } from '../core/errors';
import {
  NutCode,
  isAmbiguous,
  isDefiniteRefusal,
  refusalCode,
  toMintError,
} from '../core/wallet/mint-errors';
import { WalletProvider } from '../core/wallet/wallet-provider';

let dir: string;
let mint: DevMint;
let wallets: WalletProvider;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cashew-codes-'));
  mint = await startMint({ port: 0, fresh: true, dataDir: dir });
  wallets = new WalletProvider();
});

afterAll(async () => {
  wallets.close();
  await mint.close();
  rmSync(dir, { recursive: true, force: true });
});

type Case = {
  code: number;
  detail: string;
  generation: 'older' | 'current' | 'both';
  /** the code the money path matches (older number for renumbered conditions) */
  reactsAs: number;
  definite: boolean;
};

const CASES: Case[] = [
  {
    code: 10002,
    detail: 'Blinded message of output already signed',
    generation: 'older',
    reactsAs: NutCode.outputsAlreadySigned,
    definite: true,
  },
  {
    code: 11003,
    detail: 'Outputs already signed',
    generation: 'current',
    reactsAs: NutCode.outputsAlreadySigned,
    definite: true,
  },
  {
    code: 10003,
    detail: 'Token could not be verified',
    generation: 'older',
    reactsAs: 10003,
    definite: true,
  },
  {
    code: 10001,
    detail: 'Proof verification failed',
    generation: 'current',
    reactsAs: 10001,
    definite: true,
  },
  {
    code: 11001,
    detail: 'Token already spent',
    generation: 'both',
    reactsAs: 11001,
    definite: true,
  },
  {
    // Read by its number alone, as in the current table: the caller asks the mint before it
    // gives anything up (core/wallet/mint-errors.ts PENDING_CODES).
    code: 11002,
    detail: 'Transaction is not balanced (inputs != outputs)',
    generation: 'older',
    reactsAs: 11002,
    definite: false,
  },
  {
    code: 11002,
    detail: 'Proofs are pending',
    generation: 'current',
    reactsAs: 11002,
    definite: false,
  },
  {
    code: 11004,
    detail: 'Outputs are pending',
    generation: 'current',
    reactsAs: 11004,
    definite: false,
  },
  {
    code: 11005,
    detail: 'Unit in request is not supported',
    generation: 'older',
    reactsAs: 11005,
    definite: true,
  },
  {
    code: 11005,
    detail: 'Transaction is not balanced (inputs != outputs)',
    generation: 'current',
    reactsAs: 11005,
    definite: true,
  },
  {
    code: 11013,
    detail: 'Unit in request is not supported',
    generation: 'current',
    reactsAs: 11013,
    definite: true,
  },
  {
    code: 12001,
    detail: 'Keyset is not known',
    generation: 'both',
    reactsAs: NutCode.keysetUnknown,
    definite: true,
  },
  {
    code: 12002,
    detail: 'Keyset is inactive, cannot sign messages',
    generation: 'both',
    reactsAs: NutCode.keysetInactive,
    definite: true,
  },
  {
    code: 20001,
    detail: 'Quote request is not paid',
    generation: 'both',
    reactsAs: NutCode.quoteNotPaid,
    definite: true,
  },
  {
    code: 20002,
    detail: 'Tokens have already been issued for quote',
    generation: 'both',
    reactsAs: NutCode.quoteAlreadyIssued,
    definite: true,
  },
  {
    code: 20005,
    detail: 'Quote is pending',
    generation: 'both',
    reactsAs: NutCode.quotePending,
    definite: false,
  },
  {
    code: 20007,
    detail: 'Quote is expired',
    generation: 'both',
    reactsAs: NutCode.quoteExpired,
    definite: true,
  },
];

describe('NUT error codes from the mint', () => {
  it.each(CASES.map((c) => [c.code, c.generation, c.detail, c] as const))(
    '%i (%s table, "%s")',
    async (_code, _generation, _detail, c) => {
      const wallet = await wallets.getSeedlessWallet(mint.url);
      mint.addFault({
        path: '/v1/mint/quote/bolt11',
        method: 'POST',
        action: 'refuse',
        code: c.code,
        detail: c.detail,
        count: 1,
      });
      const thrown = await wallet.createMintQuoteBolt11(5).then(
        () => undefined,
        (error: unknown) => error,
      );
      const error = toMintError(thrown);
      expect(error).toBeInstanceOf(MintRefusedError);
      expect(error.message).toBe(c.detail);
      expect(refusalCode(error)).toBe(c.reactsAs);
      expect(isDefiniteRefusal(error)).toBe(c.definite);
      expect(isAmbiguous(error)).toBe(!c.definite);
    },
  );
});
