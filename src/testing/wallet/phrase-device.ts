// Test helper: one device of a recovery phrase against the dev mint, its money-out services wired
// as app/services/wallet-services.ts wires them (each asks the mint about its proofs first); it sells
// through the PaymentService (NUT-13 proofs the phrase restores) and restores the phrase.
import { Wallet } from '@cashu/cashu-ts';
import type { DevMint } from '../../../dev/mint/server';
import { inProcessQuoteLock } from '../../core/cross-tab-lock';
import { CashOutService } from '../../core/wallet/cash-out/cash-out-service';
import {
  mintStateChecker,
  type ProofStateChecker,
} from '../../core/wallet/proof-states/checkstate';
import {
  ProofReconciler,
  type ProofStateIntervals,
} from '../../core/wallet/proof-states/proof-reconciler';
import { toNewProof } from '../../core/wallet/proof-convert';
import { WithdrawService } from '../../core/wallet/withdraw/withdraw-service';
import { storagePayments } from '../storage/payment-service';
import { freshDbName, testStorage, type TestStorage } from '../storage/db';
import { walletDeps } from '../storage/wallet-deps';
import { recordedEvents } from './recorded-events';
import { restoreServiceOn } from './restore-service';
import { seedWallet, walletsOf, type Phrase } from './seeded-wallet';

export interface PhraseDeviceOptions {
  /** the phrase of a new device (a new one when omitted) */
  phrase?: Phrase;
  /** the database of an earlier device: a reload of the same device */
  dbName?: string;
  /** how the reconciler asks the mint; the dev mint's checkstate when omitted */
  checker?: (mintUrl: string) => ProofStateChecker;
  intervals?: Partial<ProofStateIntervals>;
}

export async function phraseDevice(mint: DevMint, options: PhraseDeviceOptions = {}) {
  const dbName = options.dbName ?? freshDbName();
  const storage: TestStorage = testStorage(dbName);
  storage.now.value = Date.now();
  // A new device stores its phrase; a reload's is in its storage, unread (it may be sealed
  // under a PIN), so `phrase` is only the new device's.
  const phrase: Phrase = options.dbName
    ? (options.phrase ?? { mnemonic: '', seed: new Uint8Array() })
    : await seedWallet(storage, mint.url, options.phrase ? { phrase: options.phrase } : {});
  const wallets = walletsOf(storage);
  const { events, updates } = recordedEvents();
  const clock = () => storage.now.value;
  const proofStates = new ProofReconciler({
    proofs: storage.proofs,
    withdrawals: storage.withdrawals,
    store: storage.proofStates,
    checkerFor: options.checker ?? ((url) => mintStateChecker(wallets.getMint(url))),
    events,
    logger: storage.logger,
    clock,
    ...(options.intervals ? { intervals: options.intervals } : {}),
  });
  const base = walletDeps(storage, { wallets, events, logger: storage.logger, clock });
  const moneyOut = { reconciler: proofStates, proofStates: storage.proofStates };
  const withdraw = new WithdrawService({
    ...base,
    ...moneyOut,
    withdrawals: storage.withdrawals,
    intervals: { pollMs: 60, safetyPollMs: 200, resubscribeMs: 100, batchMs: 50 },
    lock: inProcessQuoteLock(),
  });
  const cashOut = new CashOutService({
    ...base,
    ...moneyOut,
    withdrawals: storage.withdrawals,
    melts: storage.melts,
    intervals: { checkMs: 50, checkMaxMs: 200 },
    lock: inProcessQuoteLock(),
    feeLimit: { get: async () => (await storage.autoCashOut.get()).feeLimit },
  });
  const payments = storagePayments(storage, { events, wallets, logger: storage.logger });
  return {
    dbName,
    phrase,
    storage,
    wallets,
    events,
    updates,
    proofStates,
    withdraw,
    cashOut,
    /** A sale of `amount` paid at the mint and minted to the phrase's outputs. */
    async sell(amount: number): Promise<void> {
      const quote = await payments.createInvoice({ amount });
      await mint.pay(quote.quote);
      await payments.resumeAll();
      await payments.idle();
      if ((await storage.mintQuotes.get(quote.quote)) !== undefined) {
        throw new Error(`sale ${quote.quote} was not minted`);
      }
    },
    /** The phrase restored on this device (Settings, Recover funds). */
    async restore(): Promise<number> {
      const { restore } = restoreServiceOn(storage, wallets);
      return (await restore.start('settings'))?.totalSats ?? 0;
    },
    /** What the device stored: balance and history rows, newest first. */
    async stored() {
      const { events: rows } = await storage.history.page(1, 100);
      return {
        balance: await storage.proofs.balance(),
        history: rows.map((e) => ({
          type: e.type,
          amount: e.amount,
          ...(e.metadata ? { metadata: JSON.parse(e.metadata) as unknown } : {}),
        })),
      };
    },
    close() {
      proofStates.stop();
      withdraw.stop();
      cashOut.stop();
      payments.stop();
      wallets.close();
      storage.close();
    },
  };
}

export type PhraseDevice = Awaited<ReturnType<typeof phraseDevice>>;

/** A customer's wallet redeeming `token` at the mint (the token's proofs become spent). */
export async function redeem(mint: DevMint, token: string): Promise<number> {
  const wallet = new Wallet(mint.url, { unit: 'sat' });
  await wallet.loadMint();
  const received = await wallet.receive(token);
  return received.map(toNewProof).reduce((sum, p) => sum + p.amount, 0);
}
