// Test helpers for cash-out: an app "tab" (CashOutService on a fake-indexeddb database) against
// the real dev mint, funded with real proofs. Used by the service and interrupted-write tests.
import { Wallet } from '@cashu/cashu-ts';
import { generateMnemonic, mnemonicToSeedSync } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import type { DevMint } from '../../../dev/mint/server';
import type { DevMintSuite } from '../wallet/dev-mint-suite';
import { collected } from '../collected';
import { freshDbName, testStorage, type TestStorage } from './db';
import { walletDeps } from './wallet-deps';
import type { Checkpoint } from '../../core/checkpoint';
import { WalletEvents } from '../../core/events';
import { inUnit, toNewProof } from '../../core/wallet/proof-convert';
import { SAT, type Unit } from '../../core/units/unit';
import { inProcessQuoteLock, type QuoteLock } from '../../core/cross-tab-lock';
import { WalletProvider } from '../../core/wallet/wallet-provider';
import { CashOutService, type CashOutResult } from '../../core/wallet/cash-out/cash-out-service';
import {
  AutoCashOut,
  type AutoCashOutDeps,
  type AutoCashOutOutcome,
} from '../../core/wallet/cash-out/auto-cash-out';

export interface CashOutTab {
  storage: TestStorage;
  cashOut: CashOutService;
  wallets: WalletProvider;
  /** outcomes announced by later checks */
  announced: CashOutResult[];
  kill(): void;
}

/** A device database with a fresh phrase and the mint configured; closed again. */
export async function newCashOutDevice(
  mintUrl: string,
  secretKey: Uint8Array = new Uint8Array(32).fill(7),
): Promise<string> {
  const dbName = freshDbName();
  const storage = testStorage(dbName);
  const mnemonic = generateMnemonic(wordlist);
  await storage.keys.saveWalletKeys({
    secretKey,
    mnemonic,
    seed: mnemonicToSeedSync(mnemonic),
  });
  await storage.config.setMintUrl(mintUrl);
  storage.close();
  return dbName;
}

export function openCashOutTab(
  dbName: string,
  options: { checkpoint?: Checkpoint; lock?: QuoteLock } = {},
): CashOutTab {
  const storage = testStorage(dbName);
  storage.now.value = Date.now();
  const wallets = new WalletProvider({ keys: storage.keys, counters: storage.counterSource });
  const cashOut = new CashOutService({
    ...walletDeps(storage, {
      wallets,
      events: new WalletEvents(),
      logger: storage.logger,
      ...(options.checkpoint ? { checkpoint: options.checkpoint } : {}),
    }),
    withdrawals: storage.withdrawals,
    melts: storage.melts,
    intervals: { checkMs: 50, checkMaxMs: 200 },
    lock: options.lock ?? inProcessQuoteLock(),
    feeLimit: { get: async () => (await storage.autoCashOut.get()).feeLimit },
  });
  const announced = collected<CashOutResult>((listener) => cashOut.onSettled(listener));
  return {
    storage,
    cashOut,
    wallets,
    announced,
    kill() {
      cashOut.stop();
      wallets.close();
      storage.close();
    },
  };
}

/** A tab on a new device configured for `mintUrl`. */
export async function openNewCashOutTab(mintUrl: string): Promise<CashOutTab> {
  return openCashOutTab(await newCashOutDevice(mintUrl));
}

/**
 * Stores `amounts` as payments taken at the dev mint (real proofs of a paid mint quote each), in
 * `unit`'s minor units and tagged with it as the till stores them.
 */
export async function fundTab(
  tab: CashOutTab,
  mint: DevMint,
  amounts: number[],
  unit: Unit = SAT,
): Promise<void> {
  const payer = new Wallet(mint.url, { unit });
  await payer.loadMint();
  for (const amount of amounts) {
    const quote = await payer.createMintQuoteBolt11(amount);
    await mint.pay(quote.quote);
    const proofs = await payer.mintProofsBolt11(amount, quote.quote);
    await tab.storage.proofs.add(inUnit(proofs.map(toNewProof), unit), mint.url);
  }
}

/** A tab of the suite holding `cents` of usd ecash and 500 sats beside them at the dev mint. */
export async function dollarTab(dev: DevMintSuite, cents: number): Promise<CashOutTab> {
  const tab = dev.track(await openNewCashOutTab(dev.mint.url));
  await fundTab(tab, dev.mint, [cents], 'usd');
  await fundTab(tab, dev.mint, [500]);
  return tab;
}

/** What the tab stored: balance, cash-out history and melts still pending. */
export async function storedCashOut(tab: CashOutTab) {
  const page = await tab.storage.history.page(1, 100);
  return {
    balance: await tab.storage.proofs.balance(),
    history: page.events.map((e) => ({
      type: e.type,
      amount: e.amount,
      ...(e.metadata ? { metadata: JSON.parse(e.metadata) as Record<string, unknown> } : {}),
    })),
    pending: (await tab.storage.melts.list()).length,
  };
}

/** The tab's sats and cents of usd, its melts pending, and its history rows with their units. */
export async function storedInUnits(tab: CashOutTab) {
  const balances = await tab.storage.proofs.unitBalances();
  const page = await tab.storage.history.page(1, 100);
  return {
    sats: await tab.storage.proofs.balance(),
    cents: balances.find((b) => b.amount.unit === 'usd')?.amount.minor ?? 0,
    pending: (await tab.storage.melts.list()).length,
    history: page.events.map((e) => ({ type: e.type, amount: e.amount, unit: e.unit })),
  };
}

/**
 * The tab's automatic cash-out wired as the app wires it, on real fetch; every outcome it reports
 * lands in `outcomes`.
 */
export function autoCashOutOn(
  tab: CashOutTab,
  retry: Pick<AutoCashOutDeps, 'retryBaseMs' | 'retryMaxMs' | 'lock'> = {},
): { auto: AutoCashOut; outcomes: AutoCashOutOutcome[] } {
  const outcomes: AutoCashOutOutcome[] = [];
  const auto = new AutoCashOut({
    settings: tab.storage.autoCashOut,
    config: tab.storage.config,
    proofs: tab.storage.proofs,
    withdrawals: tab.storage.withdrawals,
    cashOut: tab.cashOut,
    fetch: (url, init) => fetch(url, init),
    logger: tab.storage.logger,
    onOutcome: (outcome) => outcomes.push(outcome),
    ...retry,
  });
  return { auto, outcomes };
}
