// Shared set-up for the dev mint's tests: a mint on a free port in a temp dir, wallets, raw calls.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OutputData, Wallet, getEncodedToken, sumProofs } from '@cashu/cashu-ts';
import type { Proof } from '@cashu/cashu-ts';
import { mnemonicToSeedSync, generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { encodeInvoice, randomPreimage } from './bolt11.ts';
import type { Network } from './bolt11.ts';
import { startMint } from './server.ts';
import type { DevMint, StartMintOptions } from './server.ts';

export type TestMint = DevMint & { cleanup(): Promise<void> };

const dirs: string[] = [];

export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cashew-mint-'));
  dirs.push(dir);
  return dir;
}

export async function startTestMint(options: StartMintOptions = {}): Promise<TestMint> {
  const dataDir = options.dataDir ?? tempDir();
  const mint = await startMint({ port: 0, ...options, dataDir });
  return {
    ...mint,
    async cleanup() {
      await mint.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function newSeed(): Uint8Array {
  return mnemonicToSeedSync(generateMnemonic(wordlist));
}

export async function newWallet(url: string, seed?: Uint8Array): Promise<Wallet> {
  const wallet = new Wallet(url, { unit: 'sat', ...(seed ? { bip39seed: seed } : {}) });
  await wallet.loadMint();
  return wallet;
}

/** Mints `amount` sat: quote, pay through the dev hook, mint. */
export async function fund(wallet: Wallet, mint: DevMint, amount: number): Promise<Proof[]> {
  const quote = await wallet.createMintQuoteBolt11(amount);
  await mint.pay(quote.quote);
  return wallet.mintProofsBolt11(amount, quote.quote);
}

export const total = (proofs: Proof[]): number => sumProofs(proofs).toNumber();

export function token(url: string, proofs: Proof[]): string {
  return getEncodedToken({ mint: url, proofs, unit: 'sat' });
}

/** Fresh random outputs for the wallet's active keyset, as the JSON a mint receives. */
export function randomOutputs(wallet: Wallet, amount: number) {
  const keyset = wallet.getKeyset();
  const data = OutputData.createRandomData(amount, keyset);
  const wire = data.map((d) => ({
    amount: d.blindedMessage.amount.toNumber(),
    id: d.blindedMessage.id,
    B_: d.blindedMessage.B_,
  }));
  return { data, wire, keyset };
}

export function proofsWire(proofs: Proof[]) {
  return proofs.map((p) => ({ amount: p.amount.toNumber(), id: p.id, secret: p.secret, C: p.C }));
}

export type RawReply = { status: number; body: Record<string, unknown>; headers: Headers };

export async function call(
  url: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<RawReply> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    parsed = { text };
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

export function cleanupTempDirs(): void {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A BOLT11 invoice of some other node (not one of the mint's own quotes). */
export function outsideInvoice(
  sats: number,
  extra: { network?: Network; timestamp?: number; expirySeconds?: number } = {},
): string {
  return encodeInvoice({
    sats,
    paymentHash: randomPreimage().paymentHash,
    description: 'elsewhere',
    expirySeconds: extra.expirySeconds ?? 600,
    nodeKey: secp256k1.utils.randomSecretKey(),
    ...(extra.network ? { network: extra.network } : {}),
    ...(extra.timestamp ? { timestamp: extra.timestamp } : {}),
  });
}
