// Test helper: devices of one phrase on fake-indexeddb against the dev mint and a dev relay, each
// page load with the payment, withdraw, restore services and the locked-sale backups wired as
// app/services does (decision 0050).
import { generateMnemonic, mnemonicToSeedSync } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import WebSocket from 'ws';
import type { Event as NostrEvent } from 'nostr-tools/core';
import { DeviceIdentity } from '../../core/backup/device-identity';
import { envelopeFilter } from '../../core/backup/device-envelope';
import { openEnvelope } from '../../core/backup/device-envelope';
import {
  LOCKED_SALE_TAG,
  lockedSaleOf,
  type LockedSaleFound,
} from '../../core/backup/locked-sale-envelope';
import { LockedSaleBackups } from '../../core/backup/locked-sale-backups';
import { lockedSaleReader } from '../../core/backup/locked-sale-reader';
import type { Checkpoint } from '../../core/checkpoint';
import { createPoolRelayQuery } from '../../core/discovery/simple-pool-query';
import { WalletEvents } from '../../core/events';
import { createRelayPool } from '../../core/remote-payments/relay-pool';
import { salesKeyForLock } from '../../core/remote-payments/merchant/sales-inbox';
import type { EcashReceiver } from '../../core/wallet/ecash/ecash-receiver';
import type { RestoreService } from '../../core/wallet/restore/restore-service';
import { PaymentService, type PaymentSettled } from '../../core/wallet/receive/payment-service';
import { WalletProvider } from '../../core/wallet/wallet-provider';
import { WithdrawService } from '../../core/wallet/withdraw/withdraw-service';
import { freshDbName, testStorage, type TestStorage } from '../storage/db';
import { walletDeps } from '../storage/wallet-deps';
import { TEST_INTERVALS } from '../wallet/payment-harness';
import { ecashReceiverOn } from '../wallet/ecash-receiver';
import { restoreServiceOn } from '../wallet/restore-service';
import { devMintSuite } from '../wallet/dev-mint-suite';
import { devRelayPerTest, nodePoolOptions } from './relay-backup';

export const TEST_PIN = '482915';

/** A recovery phrase and the identity key its devices share (the app derives it, NIP-06). */
export interface Phrase {
  mnemonic: string;
  identityKey: Uint8Array;
}

export function newPhrase(): Phrase {
  return { mnemonic: generateMnemonic(wordlist), identityKey: generateSecretKey() };
}

/**
 * A device database onboarded on the phrase with `mintUrl`; with `pin`, the PIN is set after the
 * device learnt its identity (as onboarding, then Settings, do). Closed again.
 */
export async function newDevice(
  mintUrl: string,
  phrase: Phrase,
  options: { pin?: string } = {},
): Promise<string> {
  const dbName = freshDbName();
  const storage = testStorage(dbName);
  await storage.keys.saveWalletKeys({
    secretKey: phrase.identityKey,
    mnemonic: phrase.mnemonic,
    seed: mnemonicToSeedSync(phrase.mnemonic),
  });
  await storage.config.setMintUrl(mintUrl);
  await new DeviceIdentity({
    store: storage.deviceIdentity,
    openIdentityKey: async () => phrase.identityKey,
  }).learn(phrase.identityKey);
  if (options.pin) await storage.lock.setPin(options.pin);
  storage.close();
  return dbName;
}

export interface LockedTabOptions {
  /** the relays this page load publishes to and reads from (read at each use) */
  relays: () => string[];
  checkpoint?: Checkpoint;
  deadlineMs?: number;
  /** how long one publish waits for a relay's OK (1.5 s unless given) */
  publishTimeoutMs?: number;
  retryMs?: { first: number; longest: number };
  /** remote quotes locked to the sales inbox key are minted while locked (decision 0030) */
  salesInbox?: boolean;
}

export interface LockedTab {
  storage: TestStorage;
  payments: PaymentService;
  /** the ecash a customer pays a sale with, swapped while locked as the app does */
  ecash: EcashReceiver;
  withdraw: WithdrawService;
  backups: LockedSaleBackups;
  restore: RestoreService;
  settled: PaymentSettled[];
  warnings: string[];
  kill(): void;
}

/** One page load of a device: the lock starts locked when a PIN is set, as after a reload. */
export function openLockedTab(dbName: string, options: LockedTabOptions): LockedTab {
  const storage = testStorage(dbName);
  storage.now.value = Date.now();
  const warnings: string[] = [];
  const logger = {
    ...storage.logger,
    warn: (message: string) => void warnings.push(message),
  };
  const { checkpoint } = options;
  const wallets = new WalletProvider({ keys: storage.keys, counters: storage.counterSource });
  const seedSealed = async () => {
    await storage.lock.init();
    return storage.lock.state() === 'locked';
  };
  const identity = new DeviceIdentity({
    store: storage.deviceIdentity,
    openIdentityKey: async () => ((await seedSealed()) ? undefined : storage.keys.getSecretKey()),
  });
  const getRelays = async () => options.relays();
  const backups = new LockedSaleBackups({
    store: storage.lockedSaleBackups,
    writer: () => identity.writer(),
    getRelays,
    createPool: () => createRelayPool(nodePoolOptions),
    logger,
    publishTimeoutMs: options.publishTimeoutMs ?? 1_500,
    ...(options.deadlineMs ? { deadlineMs: options.deadlineMs } : {}),
    ...(options.retryMs ? { retryMs: options.retryMs } : {}),
  });
  const payments = new PaymentService({
    ...walletDeps(storage, { wallets, events: new WalletEvents(), logger, checkpoint }),
    keys: storage.keys,
    quotes: storage.mintQuotes,
    getSigningKey: () => Promise.reject(new Error('no signing key in this test')),
    seedSealed,
    salesPublicKey: () => storage.lock.salesPublicKey(),
    ...(options.salesInbox
      ? {
          inboxKeyFor: async (lock: string) =>
            salesKeyForLock(await storage.salesInboxKey.getOrCreate(), lock),
        }
      : {}),
    lockedBackup: backups,
    intervals: TEST_INTERVALS,
  });
  const ecash = ecashReceiverOn(storage, wallets, {
    seedSealed,
    salesPublicKey: () => storage.lock.salesPublicKey(),
    lockedBackup: backups,
    logger,
    clock: Date.now,
    ...(checkpoint ? { checkpoint } : {}),
  });
  const withdraw = new WithdrawService({
    ...walletDeps(storage, { wallets, events: new WalletEvents(), logger, checkpoint }),
    withdrawals: storage.withdrawals,
  });
  const { restore } = restoreServiceOn(storage, wallets, {
    logger,
    ...(checkpoint ? { checkpoint } : {}),
    lockedSales: lockedSaleReader({
      query: createPoolRelayQuery({ WebSocket }),
      getRelays,
      getIdentityKey: async () => {
        const key = await storage.keys.getSecretKey();
        if (!key) throw new Error('no identity key');
        return key;
      },
      logger,
      maxWaitMs: 2_000,
    }),
  });
  const settled: PaymentSettled[] = [];
  payments.onSettled((p) => settled.push(p));
  return {
    storage,
    payments,
    ecash,
    withdraw,
    backups,
    restore,
    settled,
    warnings,
    kill() {
      payments.stop();
      withdraw.stop();
      backups.stop();
      wallets.close();
      storage.close();
    },
  };
}

/**
 * For a test file: a fresh dev mint, a dev relay per test, and `open`, a page load of a device on
 * both, closed with the mint suite.
 */
export function lockedTabSuite() {
  const dev = devMintSuite({ fresh: true });
  const relay = devRelayPerTest();
  const open = (dbName: string, options: Partial<LockedTabOptions> = {}): LockedTab =>
    dev.track(openLockedTab(dbName, { relays: () => [relay.url], ...options }));
  /** The sales the phrase can read from this test's relay now (tombstones left out). */
  const salesOnTestRelay = (phrase: Phrase) => salesOnRelay(relay.url, phrase);
  return { dev, relay, open, salesOnRelay: salesOnTestRelay };
}

/** How long a locked-sale test waits for a step done in the background. */
export const LOCKED_WAIT = { timeout: 20_000, interval: 25 };

/** Every locked-sale envelope (tombstones too) the relay holds for the phrase. */
export async function envelopesOn(relayUrl: string, phrase: Phrase): Promise<NostrEvent[]> {
  const query = createPoolRelayQuery({ WebSocket });
  return query(
    [relayUrl],
    { ...envelopeFilter(getPublicKey(phrase.identityKey)), '#t': [LOCKED_SALE_TAG] },
    2_000,
  );
}

/** The sales the phrase can read from the relay now (tombstones left out). */
export async function salesOnRelay(relayUrl: string, phrase: Phrase): Promise<LockedSaleFound[]> {
  const found: LockedSaleFound[] = [];
  for (const event of await envelopesOn(relayUrl, phrase)) {
    const opened = openEnvelope(phrase.identityKey, event);
    const sale = opened && lockedSaleOf(phrase.identityKey, opened);
    if (sale && sale !== 'removed') found.push(sale);
  }
  return found;
}
