// Builds the remote payments on the merchant's side: receipts to cashiers, the merchant profile,
// the relays' status, and the two inboxes that take the cashiers' sales.
import { getPublicKey } from 'nostr-tools/pure';
import type { Logger } from '../../core/logger';
import type { Clock } from '../../core/clock';
import { RelayStatusBoard } from '../../core/remote-payments';
import type { MerchantProfilePublisher } from '../../core/remote-payments/merchant/profile-publisher';
import type { ReceiptSender } from '../../core/remote-payments/merchant/receipts';
import {
  inboxesTogether,
  type InboxControl,
} from '../../core/remote-payments/merchant/sales-inbox';
import { catalogOf } from '../../core/remote-payments/catalog-event';
import type { AfterSaleRules } from '../../core/after-sale';
import type { EcashInbox } from '../../core/wallet/ecash/ecash-inbox';
import type { WalletProvider } from '../../core/wallet/wallet-provider';
import type { Storage as CashewStorage } from '../../storage';
import {
  createInbox,
  createProfilePublisher,
  createReceiptSender,
  createSalesInbox,
} from './inbox';
import type { LockServices } from './lock-services';

export interface RemoteServices {
  /** Per relay, whether the inbox gets its payment messages (Settings shows it). */
  relayStatus: RelayStatusBoard;
  /** The kind 10019 merchant profile: synced when the inbox starts and after trust changes. */
  merchantProfile: MerchantProfilePublisher;
  /** Receipts to remote cashiers once a sale's proofs are stored. */
  receipts: ReceiptSender;
}

export interface RemoteServiceDeps {
  storage: Pick<CashewStorage, 'config' | 'merchantTrust' | 'staff'>;
  keys: Pick<LockServices, 'getSecretKey' | 'inboxKeyFor' | 'salesKey'>;
  logger: Logger;
  clock: Clock;
}

export function createRemoteServices(deps: RemoteServiceDeps): RemoteServices {
  const { storage, keys } = deps;
  const relayDeps = {
    config: storage.config,
    store: storage.merchantTrust,
    getSecretKey: keys.getSecretKey,
    inboxKeyFor: keys.inboxKeyFor,
    inboxPubkey: async () => getPublicKey(await keys.salesKey()),
    staff: () => storage.staff.list(),
    logger: deps.logger,
    clock: deps.clock,
  };
  return {
    relayStatus: new RelayStatusBoard(),
    merchantProfile: createProfilePublisher(relayDeps),
    receipts: createReceiptSender(relayDeps),
  };
}

export interface MerchantInboxDeps extends RemoteServiceDeps {
  storage: Pick<
    CashewStorage,
    | 'config'
    | 'merchantTrust'
    | 'processedQuotes'
    | 'inboxRetries'
    | 'items'
    | 'tips'
    | 'books'
    | 'staff'
    | 'tillUnit'
  >;
  remote: RemoteServices;
  wallets: WalletProvider;
  ecashInbox: Pick<EcashInbox, 'take'>;
  rules: Pick<AfterSaleRules, 'takeOver' | 'listening'>;
  /** The error toast for a message that cannot be handled (at most once a minute). */
  onRemotePaymentError?: (error: Error) => void;
}

/**
 * The merchant's remote-payment inboxes (the Nostr key's and the sales inbox key's, decision 0030
 * point 7), started, stopped and restarted together.
 */
export function createMerchantInbox(deps: MerchantInboxDeps): InboxControl {
  const { storage, keys, remote, rules } = deps;
  const inboxDeps = {
    config: storage.config,
    processedQuotes: storage.processedQuotes,
    getSecretKey: keys.getSecretKey,
    // Remote quotes join the one PaymentService: its onSettled toast names them 'remote'.
    takeOver: rules.takeOver,
    onInvalidMessage: deps.onRemotePaymentError,
    logger: deps.logger,
    clock: deps.clock,
    trust: {
      store: storage.merchantTrust,
      wallets: deps.wallets,
      receipts: remote.receipts,
      profile: remote.merchantProfile,
      // Each time listening starts (start-up, Settings saved) the cashiers' catalog is checked too.
      mintBackup: { sync: async () => rules.listening() },
      staff: () => storage.staff.list(),
    },
    retryList: storage.inboxRetries,
    // What the cashiers are sent (catalog-event.ts): their lines are checked against it.
    catalog: async () => {
      const [items, tips, books, unit] = await Promise.all([
        storage.items.list(),
        storage.tips.get(),
        storage.books.get(),
        storage.tillUnit.getTillUnit(),
      ]);
      const published = catalogOf(items, { tips: tips.enabled, currency: null, unit });
      return { ...published, discounts: books.discounts === 'anyone' };
    },
    // A cashier's quote in another unit than the till's is refused by name (decision 0092).
    tillUnit: () => storage.tillUnit.getTillUnit(),
  };
  return inboxesTogether(
    createInbox({
      ...inboxDeps,
      relayStatus: remote.relayStatus,
      takeOther: (content) => deps.ecashInbox.take(content),
    }),
    createSalesInbox({ ...inboxDeps, salesKey: keys.salesKey }),
  );
}
