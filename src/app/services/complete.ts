// Builds the app's services once at start-up; screens receive them as the `services` prop.
// Imports the protocol libraries: the app loads this module lazily (see start.tsx).
import { getPublicKey } from 'nostr-tools/pure';
import type { Checkpoint } from '../../core/checkpoint';
import { AppDataBackup, backoffRetry } from '../../core/backup/app-data';
import { DeviceIdentity } from '../../core/backup/device-identity';
import { LockedSaleBackups } from '../../core/backup/locked-sale-backups';
import { lockedSaleReader } from '../../core/backup/locked-sale-reader';
import { relayMintDiscovery } from '../../core/backup/restore-sources';
import { createRelayPool } from '../../core/remote-payments/relay-pool';
import { createPoolRelayQuery } from '../../core/discovery/simple-pool-query';
import { DeviceKeys } from '../../core/keys';
import type { TillLock } from '../../core/lock';
import { RelayStatusBoard, type RelayStatusSource } from '../../core/remote-payments';
import type { PendingMintQuote } from '../../core/ports';
import { AutoCashOut, type AutoCashOutOutcome } from '../../core/wallet/cash-out/auto-cash-out';
import { CashOutService } from '../../core/wallet/cash-out/cash-out-service';
import { PriceService } from '../../core/prices/price-service';
import { PaymentService } from '../../core/wallet/receive/payment-service';
import { EcashReceiver } from '../../core/wallet/ecash/ecash-receiver';
import { ecashLockKey, mintEnforcesLocks } from '../../core/wallet/ecash/ecash-lock';
import { SaleRequests } from '../../core/wallet/ecash/sale-requests';
import { EcashInbox } from '../../core/wallet/ecash/ecash-inbox';
import { EcashRouter } from '../../core/wallet/ecash/foreign/ecash-router';
import { ForeignEcash } from '../../core/wallet/ecash/foreign/foreign-ecash';
import { FailedForeignEcashes } from '../../core/wallet/ecash/foreign/foreign-failed';
import { keypairFromSecretKey } from '../../core/keys/keypair';
import { RestoreService } from '../../core/wallet/restore/restore-service';
import { WalletProvider } from '../../core/wallet/wallet-provider';
import { WithdrawService } from '../../core/wallet/withdraw/withdraw-service';
import { ProofReconciler } from '../../core/wallet/proof-states/proof-reconciler';
import { mintStateChecker } from '../../core/wallet/proof-states/checkstate';
import { createStorage, type Storage as CashewStorage } from '../../storage';
import { browserDeviceStorage, type DeviceStorage } from '../device-storage';
import type { AppSettings } from '../env';
import { createBaseServices, type BaseServiceOptions, type BaseServices } from './base';
import { appDataParts } from './app-data-parts';
import type { MerchantProfilePublisher } from '../../core/remote-payments/profile-publisher';
import type { ReceiptSender } from '../../core/remote-payments/receipts';
import type { MintBackupPublisher } from '../../core/backup/mint-backup-publisher';
import {
  inboxesTogether,
  salesKeyForLock,
  type InboxControl,
} from '../../core/remote-payments/sales-inbox';
import {
  createSalesInbox,
  createInbox,
  createMintBackup,
  createProfilePublisher,
  createReceiptSender,
} from './inbox';
import { catalogOf } from '../../core/remote-payments/catalog-event';
import { createRecords, type Records } from './records';
import { CatalogPublisher } from '../../core/remote-payments/catalog-publisher';
import { isCashierRequestId } from '../../core/remote-payments/cashier-request-id';

export interface AppServices extends BaseServices {
  /** Every store of src/core/ports.ts on the one IndexedDB database. */
  storage: CashewStorage;
  /** The device's Nostr key, built once: its "one key only" guard holds for the whole app. */
  deviceKeys: DeviceKeys;
  /**
   * The merchant's remote-payment inboxes (the Nostr key's and the sales inbox key's, decision
   * 0030 point 7), started, stopped and restarted together; started after onboarding.
   */
  inbox: InboxControl;
  /** Per relay, whether the inbox gets its payment messages (Settings shows it). */
  relayStatus: RelayStatusSource;
  /** One cached cashu-ts Mint/Wallet per mint URL (seeded for the merchant, seedless for a cashier). */
  wallets: WalletProvider;
  /** The one owner of pending mint quotes: create, watch, mint, store; resumed at start-up. */
  payments: PaymentService;
  /** Sales paid in ecash (NUT-18 payloads, pasted tokens): checks, swap, record; resumed at start-up. */
  ecash: EcashRouter;
  /** Ecash of other mints that could not be settled: handed back or tried again (Wallet screen). */
  foreignFailed: FailedForeignEcashes;
  /** The NUT-18 request offered beside each keypad invoice. */
  saleRequests: SaleRequests;
  /** NUT-18 payloads from the inbox, matched to open sales; refusals are toasted by the app. */
  ecashInbox: EcashInbox;
  /** Withdrawal tokens and the watch on their proofs until spent; resumed at start-up. */
  withdraw: WithdrawService;
  /**
   * The stored proofs held up against their mint (NUT-07): at start (throttled), on Refresh, at
   * unlock, before every money-out and after an "already spent" (docs/protocol.md "Proof states").
   */
  proofStates: ProofReconciler;
  /** The phrase restore scan (after a restore onboarding, Settings "Recover funds"); resumed at start-up. */
  restore: RestoreService;
  /** The browser's storage manager (persist, estimate), when it has one. */
  deviceStorage: DeviceStorage | undefined;
  /** The display currency and its BTC price (cached with its time); fiat records of sales. */
  prices: PriceService;
  /**
   * The merchant PIN (docs/security.md): seals the key rows, so everything needing the seed or the
   * Nostr key waits until it is unlocked, and gates Withdraw, Cash out, Connect and Settings.
   */
  lock: TillLock;
  /** Lightning cash-outs (melts) from confirmation to PAID/UNPAID; resumed at start-up. */
  cashOut: CashOutService;
  /** Cashes out at the threshold set in Settings (off by default); checked after each payment. */
  autoCashOut: AutoCashOut;
  /** The kind 10019 merchant profile: synced when the inbox starts and after trust changes. */
  merchantProfile: MerchantProfilePublisher;
  /** Receipts to remote cashiers once a sale's proofs are stored. */
  receipts: ReceiptSender;
  /** The NUT-27 mint list on the relays: after each sale, when listening starts, at unlock. */
  mintBackup: MintBackupPublisher;
  /** The encrypted settings backup (NIP-78), published with the mint list, restored with the phrase. */
  appData: AppDataBackup;
  /** This device's key and certificate: what it writes for the phrase's other devices. */
  deviceIdentity: DeviceIdentity;
  /** Backups of sales taken while locked: sent before their mint request, retried, removed. */
  lockedSaleBackups: LockedSaleBackups;
  /** The paired cashiers' catalog (items, tips, currency): when the inbox starts and items change. */
  catalog: CatalogPublisher;
  /** The history on the relays: this device's events published, the other devices' imported. */
  records: Records;
}

export interface ServiceOptions extends BaseServiceOptions {
  /**
   * The error toast (docs/behaviour.md "Toasts") for a remote-payment message that cannot be
   * handled (the inbox calls it at
   * most once a minute and logs every case). Omitted: logged only.
   */
  onRemotePaymentError?: (error: Error) => void;
  /** What an automatic cash-out did (a toast in the app). Omitted: logged only. */
  onAutoCashOut?: (outcome: AutoCashOutOutcome) => void;
  /**
   * Stops the money flows between the steps of their writes (core/checkpoint.ts). The app passes
   * none; the soak (bench/soak) freezes one there, as a tab closed at that moment.
   */
  checkpoint?: Checkpoint;
}

export function createServices(settings: AppSettings, options: ServiceOptions): AppServices {
  return completeServices(createBaseServices(settings, options), options);
}

/** Adds storage (Dexie) and the protocol services (wallets, payments, withdraw, inbox). */
export function completeServices(
  base: BaseServices,
  options: Pick<ServiceOptions, 'onRemotePaymentError' | 'onAutoCashOut' | 'checkpoint'> = {},
): AppServices {
  const { events, logger, clock } = base;
  const storage = createStorage(base.storageOptions);
  const { config, keys, counterSource: counters } = storage;
  const wallets = new WalletProvider({ keys, counters, logger });
  const deviceKeys = new DeviceKeys(keys);
  // The sales inbox key is plain: a locked till takes remote sales with it (decision 0030).
  const salesKey = () => storage.salesInboxKey.getOrCreate();
  const inboxKeyFor = async (quotePubkey: string) => salesKeyForLock(await salesKey(), quotePubkey);
  const seedSealed = async () => {
    await storage.lock.init();
    return storage.lock.state() === 'locked';
  };
  const openIdentityKey = async () => ((await seedSealed()) ? undefined : keys.getSecretKey());
  // Learnt whenever the identity key is open, so a locked till still writes to the phrase.
  const deviceIdentity = new DeviceIdentity({ store: storage.deviceIdentity, openIdentityKey });
  storage.lock.onChange((state) => {
    if (state === 'unlocked') void deviceIdentity.learnIfOpen();
  });
  // Sales taken while locked go to the relays before their mint request (decision 0050).
  const lockedSaleBackups = new LockedSaleBackups({
    store: storage.lockedSaleBackups,
    writer: () => deviceIdentity.writer(),
    getRelays: () => config.getRelays(),
    createPool: () => createRelayPool(),
    clock,
    logger,
  });
  // What taking payments and withdrawing both work on.
  const wallet = {
    config,
    ledger: storage.ledger,
    proofs: storage.proofs,
    counters,
    wallets,
    events,
    logger,
    clock,
    ...(options.checkpoint ? { checkpoint: options.checkpoint } : {}),
  };
  const prices = new PriceService({
    store: storage.prices,
    fetch: (url, init) => globalThis.fetch(url, init),
    clock,
    logger,
  });
  const payments = new PaymentService({
    ...wallet,
    // A remote sale's record: the cashier's, checked against the merchant's price when minted,
    // held or not (decisions 0046, 0053).
    fiatFor: (sats) => prices.remoteFiatFor(sats),
    keys,
    quotes: storage.mintQuotes,
    // NUT-20: quotes locked to the merchant are signed with the device's nostr key.
    getSigningKey: () => deviceKeys.getOrCreateSecretKey(),
    // ... unless the quote is locked to the sales inbox key, which signs while locked.
    inboxKeyFor,
    // A locked till keeps selling: sales are minted with random outputs (decision 0024), their
    // journal sealed to the sales key (decision 0030).
    seedSealed,
    salesPublicKey: () => storage.lock.salesPublicKey(),
    lockedBackup: lockedSaleBackups,
  });
  const localEcash = new EcashReceiver({
    ...wallet,
    receipts: storage.ecashReceipts,
    ledger: storage.ecashReceipts,
    // The merchant takes ecash of the mint it sells on (docs/protocol.md "Receiving ecash").
    acceptedMints: async () => [await config.getMintUrl()],
    seedSealed: async () => {
      await storage.lock.init();
      return storage.lock.state() === 'locked';
    },
    salesPublicKey: () => storage.lock.salesPublicKey(),
    lockedBackup: lockedSaleBackups,
  });
  // Ecash of other mints: melted there to pay an invoice of ours, when the merchant allows it
  // (docs/protocol.md "Ecash from other mints").
  const foreignEcash = new ForeignEcash({
    ...wallet,
    store: storage.foreignEcash,
    merchantMint: () => config.getMintUrl(),
    enabled: () => storage.foreignEcash.acceptsOtherMints(),
    seedSealed,
    getSigningKey: () => deviceKeys.getOrCreateSecretKey(),
  });
  const foreignFailed = new FailedForeignEcashes({
    store: storage.foreignEcash,
    retry: (id) => foreignEcash.retry(id),
  });
  const ecash = new EcashRouter({
    local: localEcash,
    foreign: foreignEcash,
    acceptedMints: async () => [await config.getMintUrl()],
  });
  const tillLocked = async () => {
    await storage.lock.init();
    return storage.lock.state() === 'locked';
  };
  const saleRequests = new SaleRequests({
    quotes: storage.mintQuotes,
    config,
    merchantPubkey: async () => keypairFromSecretKey(await deviceKeys.getOrCreateSecretKey()).pk,
    // Locked to the seed's ecash key where the mint enforces P2PK (docs/protocol.md "Ecash locked to the merchant").
    lockPubkey: async (mintUrl) => {
      const { wallet, seed } = await wallets.getSeededWallet(mintUrl);
      return mintEnforcesLocks(wallet.getMintInfo()) ? ecashLockKey(seed).pubkey : null;
    },
    // The Nostr key that reads the customer's payload is sealed while locked (decision 0024).
    locked: tillLocked,
    // Outputs and lock key derived while the customer scans (docs/performance.md "Ecash payment latency").
    // At an idle moment, not before the invoice's QR code is painted: the customer takes seconds to scan.
    offered: (quote) => {
      const prepare = () => {
        localEcash.prepare(quote.mintUrl, quote.amount).catch((error: unknown) => {
          logger.debug('Ecash payment not readied', error);
        });
      };
      if (typeof requestIdleCallback === 'function')
        requestIdleCallback(prepare, { timeout: 1000 });
      else setTimeout(prepare, 0);
    },
    clock,
  });
  const ecashInbox = new EcashInbox({
    requests: saleRequests,
    receiver: ecash,
    // Ends the sale on screen with the toast and confetti of a Lightning sale.
    paid: (quote, amount, balance) => payments.paidElsewhere(quote, amount, balance),
    fiatFor: (sats) => prices.remoteFiatFor(sats),
    // A payload that came before its remote sale's message waits for it (decision 0044); one
    // naming a request our cashiers made waits apart from strangers' junk.
    held: storage.heldEcash,
    issued: async (id) => isCashierRequestId(id, await storage.merchantTrust.getOrCreateSecret()),
    locked: tillLocked,
    clock,
    logger,
  });
  const proofStates = new ProofReconciler({
    proofs: storage.proofs,
    withdrawals: storage.withdrawals,
    store: storage.proofStates,
    checkerFor: (mintUrl) => mintStateChecker(wallets.getMint(mintUrl)),
    events,
    logger,
    clock,
  });
  // Every money-out asks the mint first and sets apart what it holds pending for someone else.
  const moneyOut = { reconciler: proofStates, proofStates: storage.proofStates };
  const withdraw = new WithdrawService({
    ...wallet,
    ...moneyOut,
    withdrawals: storage.withdrawals,
  });
  const relayQuery = createPoolRelayQuery();
  // Nothing is backed up while a scan has yet to read the backups (a phrase just restored).
  const noRestorePending = async () => (await storage.restore.current()) === undefined;
  // The app's own backup on the relays: the settings, then the item catalog.
  const appData = new AppDataBackup({
    parts: appDataParts(storage),
    createPool: () => createRelayPool(),
    query: relayQuery,
    getRelays: () => config.getRelays(),
    getSecretKey: () => deviceKeys.getOrCreateSecretKey(),
    ready: noRestorePending,
    // What a relay took, across page loads: dated after it, not sent again unchanged.
    notes: storage.backupNotes,
    // A part a relay refused is tried again (and Settings says so meanwhile).
    retry: backoffRetry(),
    logger,
    clock,
  });
  // A restore also scans the mints the phrase's NUT-27 list and the shop profile name; after
  // onboarding with a phrase, the settings come back first.
  const relayMints = relayMintDiscovery({
    query: relayQuery,
    getRelays: () => config.getRelays(),
    getSeed: () => keys.getSeed(),
    getMerchantPubkey: async () => getPublicKey(await deviceKeys.getOrCreateSecretKey()),
  });
  // Written while locked too (the device key); read only while the identity key is open.
  const records = createRecords({
    store: storage.records,
    identity: deviceIdentity,
    openIdentityKey,
    getRelays: () => config.getRelays(),
    isOnboarded: () => config.isOnboarded(),
    query: relayQuery,
    events,
    logger,
    clock,
  });
  const restore = new RestoreService({
    ...wallet,
    ledger: storage.restore,
    discoverMints: async (reason) => {
      // Every batch of the history, alongside the scan: its events never touch the balance.
      void records.reader.read('full');
      if (reason === 'onboarding') await appData.restore();
      return relayMints(reason);
    },
    // What the phrase's devices took while locked and have not swapped yet (decision 0050).
    lockedSales: lockedSaleReader({
      query: relayQuery,
      getRelays: () => config.getRelays(),
      getIdentityKey: () => deviceKeys.getOrCreateSecretKey(),
      logger,
    }),
  });
  // Cash-out never spends what a pending withdrawal token holds (decision 0015).
  const cashOut = new CashOutService({
    ...wallet,
    ...moneyOut,
    melts: storage.melts,
    withdrawals: storage.withdrawals,
    // The merchant's fee limit lives with the automatic cash-out settings (Settings).
    feeLimit: { get: async () => (await storage.autoCashOut.get()).feeLimit },
  });
  const autoCashOut = new AutoCashOut({
    settings: storage.autoCashOut,
    config,
    proofs: storage.proofs,
    withdrawals: storage.withdrawals,
    proofStates: storage.proofStates,
    cashOut,
    fetch: (url, init) => globalThis.fetch(url, init),
    logger,
    onOutcome: (outcome) => options.onAutoCashOut?.(outcome),
  });
  const getSecretKey = () => deviceKeys.getOrCreateSecretKey();
  const relayDeps = {
    config,
    store: storage.merchantTrust,
    getSecretKey,
    inboxKeyFor,
    inboxPubkey: async () => getPublicKey(await salesKey()),
    logger,
    clock,
  };
  const receipts = createReceiptSender(relayDeps);
  const relayStatus = new RelayStatusBoard();
  const merchantProfile = createProfilePublisher(relayDeps);
  const catalog = new CatalogPublisher({
    collect: async () => {
      const [items, tips, priceSettings] = await Promise.all([
        storage.items.list(),
        storage.tips.get(),
        storage.prices.getSettings(),
      ]);
      return catalogOf(items, {
        tips: tips.enabled,
        currency: priceSettings.currency,
        priceUrl: priceSettings.url,
      });
    },
    getPairingSecret: () => storage.merchantTrust.getOrCreateSecret(),
    getSecretKey,
    getRelays: () => config.getRelays(),
    createPool: () => createRelayPool(),
    // The profile sync first: it decides whose links (and catalog) these are.
    profileHeld: async () => (await merchantProfile.sync()) === 'held',
    published: storage.merchantTrust,
    logger,
    clock,
  });
  // The list needs the seed: while the till is locked it waits for the PIN (decision 0024).
  const mintBackup = createMintBackup({
    config,
    knownMints: () => storage.restore.knownMints(),
    acceptedMints: () => storage.merchantTrust.acceptedMints(),
    getSeed: () => keys.getSeed(),
    seedSealed,
    ready: noRestorePending,
    notes: storage.backupNotes,
    logger,
    clock,
  });
  const backUp = () => {
    void mintBackup.sync();
    if (storage.lock.state() !== 'locked') void appData.sync();
  };
  storage.lock.onChange((state) => {
    if (state === 'unlocked') backUp();
    // The other devices' events can be read once the PIN opens the identity key.
    if (state === 'unlocked') records.schedule.wake();
  });
  // A sale on a mint the list does not name yet (a remote sale on another mint) adds it; changed
  // settings are published with it.
  payments.onSettled(backUp);
  // Once a restore has read the backups, what it found is published again, merged; the cashiers'
  // catalog (and the profile it checks first) then carries the restored items and settings.
  restore.onFinished(() => {
    backUp();
    void catalog.sync();
  });
  // Once a remote sale's proofs are stored, its cashier hears back (docs/protocol.md "Receipts").
  payments.onSettled((settled) => {
    const receipt = settled.quote.receipt;
    if (settled.kind !== 'remote' || !receipt) return;
    const time = Math.floor(clock() / 1000);
    const sale = { quote: settled.quote.quote, amount: settled.amount, time };
    void receipts.send(receipt, sale, settled.quote.pubkey);
  });
  const inboxDeps = {
    config,
    processedQuotes: storage.processedQuotes,
    getSecretKey,
    // Remote quotes join the one PaymentService: its onSettled toast names them 'remote'.
    takeOver: async (quote: PendingMintQuote) => {
      const taken = await payments.takeOverRemote(quote);
      // The customer's ecash may have come first: held, it lands now (decision 0044).
      if (taken && quote.ecashRequestId) void ecashInbox.landHeld(quote.ecashRequestId);
      return taken;
    },
    onInvalidMessage: options.onRemotePaymentError,
    logger,
    clock,
    trust: {
      store: storage.merchantTrust,
      wallets,
      receipts,
      profile: merchantProfile,
      // Each time listening starts (start-up, Settings saved) the cashiers' catalog is checked too.
      mintBackup: {
        sync: async () => {
          backUp();
          void catalog.sync();
        },
      },
    },
    retryList: storage.inboxRetries,
  };
  return {
    ...base,
    storage,
    deviceKeys,
    inbox: inboxesTogether(
      createInbox({
        ...inboxDeps,
        relayStatus,
        takeOther: (content) => ecashInbox.take(content),
      }),
      createSalesInbox({ ...inboxDeps, salesKey }),
    ),
    relayStatus,
    merchantProfile,
    mintBackup,
    appData,
    deviceIdentity,
    lockedSaleBackups,
    catalog,
    records,
    receipts,
    wallets,
    payments,
    ecash,
    foreignFailed,
    saleRequests,
    ecashInbox,
    prices,
    withdraw,
    proofStates,
    restore,
    deviceStorage: browserDeviceStorage(),
    lock: storage.lock,
    cashOut,
    autoCashOut,
  };
}
