// Builds the wallet: sales taken (Lightning, ecash, other mints' ecash), the proofs held up against
// their mint, and the money going out (withdrawals, cash-outs) or coming back (restore).
import { checkMintInfo } from '../../core/settings/mint-check';
import type { Checkpoint } from '../../core/checkpoint';
import type { LockedSaleBackups } from '../../core/backup/locked-sale-backups';
import type { PriceService } from '../../core/prices/price-service';
import { isCashierRequestId } from '../../core/remote-payments/cashier/cashier-request-id';
import { memberLinkSecret } from '../../core/staff/staff-link';
import { keypairFromSecretKey } from '../../core/keys/keypair';
import { AutoCashOut, type AutoCashOutOutcome } from '../../core/wallet/cash-out/auto-cash-out';
import { CashOutService } from '../../core/wallet/cash-out/cash-out-service';
import { EcashInbox } from '../../core/wallet/ecash/ecash-inbox';
import { ecashLockKey, mintEnforcesLocks } from '../../core/wallet/ecash/ecash-lock';
import { EcashReceiver } from '../../core/wallet/ecash/ecash-receiver';
import { PreparedOutputs } from '../../core/wallet/ecash/prepared-outputs';
import { EcashRouter } from '../../core/wallet/ecash/foreign/ecash-router';
import { ForeignEcash } from '../../core/wallet/ecash/foreign/foreign-ecash';
import { FailedForeignEcashes } from '../../core/wallet/ecash/foreign/foreign-failed';
import { SaleRequests } from '../../core/wallet/ecash/sale-requests';
import { OfflineEcash } from '../../core/wallet/ecash/offline/offline-ecash';
import { mintStateChecker } from '../../core/wallet/proof-states/checkstate';
import { ProofReconciler } from '../../core/wallet/proof-states/proof-reconciler';
import { PaymentService } from '../../core/wallet/receive/payment-service';
import { RestoreService } from '../../core/wallet/restore/restore-service';
import { WalletProvider } from '../../core/wallet/wallet-provider';
import { quoteUnit } from '../../core/wallet/mint/ports';
import { WithdrawService } from '../../core/wallet/withdraw/withdraw-service';
import { createCardTaps, type CardTaps } from '../../core/tap/tap-to-pay';
import type { Storage as CashewStorage } from '../../storage';
import { afterSaleShown } from './after-shown';
import { afterNextPaint } from '../../ui/after-paint';
import type { BackupServices } from './backup-services';
import type { BaseServices } from './base';
import type { LockServices } from './lock-services';
import { workerRestoreOutputs } from '../workers/restore-output-pool';
import { pageClosingFlag } from './page-closing';

export interface WalletServices {
  /** One cached cashu-ts Mint/Wallet per mint URL (seeded for the merchant, seedless for a cashier). */
  wallets: WalletProvider;
  /** The one owner of pending mint quotes: create, watch, mint, store; resumed at start-up. */
  payments: PaymentService;
  /** Sales paid in ecash (NUT-18 payloads, pasted tokens): checks, swap, record; resumed at start-up. */
  ecash: EcashRouter;
  /** Ecash taken while the mint was out of reach: its request, and where each sale stands. */
  offlineEcash: OfflineEcash;
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
  /** Lightning cash-outs (melts) from confirmation to PAID/UNPAID; resumed at start-up. */
  cashOut: CashOutService;
  /** Cashes out at the threshold set in Settings (off by default); checked after each payment. */
  autoCashOut: AutoCashOut;
  /** A mint's own name from its NUT-06 info, for the Wallet's balance per mint. */
  mintName(mintUrl: string): Promise<string>;
  /** A Bolt Card tapped on the invoice screen pays the invoice (LNURL-withdraw). */
  cardTaps: CardTaps;
}

export interface WalletServiceDeps {
  base: Pick<BaseServices, 'events' | 'logger' | 'clock'>;
  storage: CashewStorage;
  keys: Pick<LockServices, 'deviceKeys' | 'seedSealed' | 'inboxKeyFor' | 'lock'>;
  prices: Pick<PriceService, 'remoteFiatFor'>;
  lockedSaleBackups: LockedSaleBackups;
  restoreSources: BackupServices['restoreSources'];
  /** What an automatic cash-out did (a toast in the app). Omitted: logged only. */
  onAutoCashOut?: (outcome: AutoCashOutOutcome) => void;
  /** Stops the money flows between the steps of their writes (core/checkpoint.ts). */
  checkpoint?: Checkpoint;
}

export function createWalletServices(deps: WalletServiceDeps): WalletServices {
  const { base, storage, keys, prices, lockedSaleBackups } = deps;
  const { events, logger, clock } = base;
  const { config, counterSource: counters } = storage;
  const { deviceKeys, seedSealed } = keys;
  const wallets = new WalletProvider({
    keys: storage.keys,
    counters,
    logger,
    // Kept for the checks made while the mint is out of reach (docs/protocol.md "Ecash taken offline").
    keysetCache: storage.keysetCache,
    now: clock,
  });
  const getSigningKey = () => deviceKeys.getOrCreateSecretKey();
  const salesPublicKey = () => keys.lock.salesPublicKey();
  const merchantMints = async () => [await config.getMintUrl()];
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
    ...(deps.checkpoint ? { checkpoint: deps.checkpoint } : {}),
  };
  // Outputs derived while a sale's invoice is on screen (`offered` below), taken by whichever
  // way it is paid: the ecash swap or the Lightning mint (docs/performance.md "Taps").
  const prepared = new PreparedOutputs();
  const payments = new PaymentService({
    ...wallet,
    prepared,
    // A remote sale's record: the cashier's, checked against the merchant's price when minted,
    // held or not (decisions 0046, 0053).
    fiatFor: (sats) => prices.remoteFiatFor(sats),
    keys: storage.keys,
    quotes: storage.mintQuotes,
    // NUT-20: quotes locked to the merchant are signed with the device's nostr key.
    getSigningKey,
    // ... unless the quote is locked to the sales inbox key, which signs while locked.
    inboxKeyFor: keys.inboxKeyFor,
    // A locked till keeps selling: sales are minted with random outputs (decision 0024), their
    // journal sealed to the sales key (decision 0030).
    seedSealed,
    salesPublicKey,
    lockedBackup: lockedSaleBackups,
    // A new invoice's watch starts once its QR code is painted (docs/performance.md "Taps").
    afterShown: afterSaleShown,
  });
  // Ecash locked to the shop's key with DLEQ, taken without the mint (decision 0068).
  const offlineEcash = new OfflineEcash({
    keysets: storage.keysetCache,
    sales: storage.offlineSales,
    receipts: storage.ecashReceipts,
    caps: () => storage.offlineCaps.get(),
    lockPubkey: async () => {
      if (await seedSealed()) return null;
      const seed = await storage.keys.getSeed();
      return seed && seed.length > 0 ? ecashLockKey(seed).pubkey : null;
    },
    shopName: () => config.getShopName(),
    clock,
  });
  const localEcash = new EcashReceiver({
    ...wallet,
    prepared,
    receipts: storage.ecashReceipts,
    ledger: storage.ecashReceipts,
    // The merchant takes ecash of the mint it sells on (docs/protocol.md "Receiving ecash").
    acceptedMints: merchantMints,
    seedSealed,
    salesPublicKey,
    lockedBackup: lockedSaleBackups,
    offline: {
      deviceOffline: () => typeof navigator !== 'undefined' && navigator.onLine === false,
      take: (text, mintUrl, sale) => offlineEcash.take(text, mintUrl, sale),
    },
  });
  // Ecash of other mints: melted there to pay an invoice of ours, when the merchant allows it
  // (docs/protocol.md "Ecash from other mints").
  const foreignEcash = new ForeignEcash({
    ...wallet,
    store: storage.foreignEcash,
    merchantMint: () => config.getMintUrl(),
    enabled: () => storage.foreignEcash.acceptsOtherMints(),
    seedSealed,
    getSigningKey,
  });
  const foreignFailed = new FailedForeignEcashes({
    store: storage.foreignEcash,
    retry: (id) => foreignEcash.retry(id),
  });
  const ecash = new EcashRouter({
    local: localEcash,
    foreign: foreignEcash,
    acceptedMints: merchantMints,
  });
  const saleRequests = new SaleRequests({
    quotes: storage.mintQuotes,
    config,
    merchantPubkey: async () => keypairFromSecretKey(await getSigningKey()).pk,
    // Locked to the seed's ecash key where the mint enforces P2PK (docs/protocol.md "Ecash locked to the merchant").
    lockPubkey: async (mintUrl) => {
      const { wallet, seed } = await wallets.getSeededWallet(mintUrl);
      return mintEnforcesLocks(wallet.getMintInfo()) ? ecashLockKey(seed).pubkey : null;
    },
    // The Nostr key that reads the customer's payload is sealed while locked (decision 0024).
    locked: seedSealed,
    // Outputs and lock key derived while the customer scans (docs/performance.md "Ecash payment latency").
    // The Lightning mint takes the same outputs when the invoice is paid instead.
    // After the next painted frame: the request is asked for by the invoice's effect, so its QR
    // code is on screen by then, and an idle callback could wait past the customer's scan.
    offered: (quote) => {
      const prepare = () => {
        localEcash
          .prepare(quote.mintUrl, quote.amount, quoteUnit(quote))
          .catch((error: unknown) => {
            logger.debug('Ecash payment not readied', error);
          });
      };
      afterNextPaint(prepare);
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
    issued: async (id) => {
      const [secret, staff] = await Promise.all([
        storage.merchantTrust.getOrCreateSecret(),
        storage.staff.list(),
      ]);
      // The shop's link or a person's live one (core/staff/staff-link.ts).
      const secrets = [secret, ...staff.map((member) => memberLinkSecret(secret, member))];
      return secrets.some((s) => isCashierRequestId(id, s));
    },
    locked: seedSealed,
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
  const restore = new RestoreService({
    ...wallet,
    ledger: storage.restore,
    ...deps.restoreSources,
    deriveOutputs: workerRestoreOutputs(),
    // A reload mid-scan aborts its requests: the next page resumes the mint instead of failing it.
    pageClosing: pageClosingFlag(),
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
    onOutcome: (outcome) => deps.onAutoCashOut?.(outcome),
  });
  return {
    wallets,
    payments,
    ecash,
    offlineEcash,
    foreignFailed,
    saleRequests,
    ecashInbox,
    withdraw,
    proofStates,
    restore,
    cashOut,
    autoCashOut,
    mintName: async (mintUrl) => (await checkMintInfo(mintUrl)).name,
    cardTaps: createCardTaps((url, init) => globalThis.fetch(url, init)),
  };
}
