// The merchant's trust as the inbox asks it (the MerchantTrust port): pairing, accepted mints,
// the mint asked before anything is stored, refusals counted, receipts sent again for a repeated
// message, and the profile synced when listening; built once in app/ from storage and the wallets.
import type { Logger } from '../../logger';
import type { Clock } from '../../clock';
import { mintQuoteClient } from '../../wallet/mint/quote-watcher';
import type { WalletProvider } from '../../wallet/wallet-provider';
import type { RemotePaymentInboxDeps } from './inbox';
import type { AcceptedMintStore, LockingMintMemory, MerchantTrustStore } from './merchant-ports';
import type { MerchantProfilePublisher } from './profile-publisher';
import type { ReceiptSender } from './receipts';
import { refusalCounter } from './refusal-counter';
import { verifyRemoteQuote } from './verify-remote-quote';
import { staffLinksFor } from './sales-inbox';
import type { StaffMember } from '../../staff/staff';

export type { MerchantTrustStore };

export interface MerchantTrustDeps {
  store: MerchantTrustStore;
  /** the quote's mint is asked before anything is stored */
  wallets: Pick<WalletProvider, 'getMint'>;
  receipts: Pick<ReceiptSender, 'send'>;
  /** synced each time this tab starts listening (onboarding, start-up, Settings, link reset) */
  profile?: Pick<MerchantProfilePublisher, 'sync'>;
  /** the NUT-27 mint list, synced at the same moments (a mint changed in Settings restarts it) */
  mintBackup?: { sync(): Promise<unknown> };
  /** the staff list: each person's cashier link is told apart (core/staff/staff-link.ts) */
  staff?: () => Promise<readonly StaffMember[]>;
}

/** What the inbox asks of the merchant's trust and wallet; absent, every sender is taken. */
export type MerchantTrust = Required<
  Pick<
    RemotePaymentInboxDeps,
    | 'getPairing'
    | 'acceptedMints'
    | 'onRefused'
    | 'cursors'
    | 'verify'
    | 'onDuplicate'
    | 'onListening'
  >
>;

/** NUT-20 in the mint's info (GET /v1/info); no seed needed, so any mint can be asked. */
export async function supportsLockedQuotes(
  wallets: Pick<WalletProvider, 'getMint'>,
  mintUrl: string,
): Promise<boolean> {
  const info = await wallets.getMint(mintUrl).getInfo();
  return info.nuts['20']?.supported === true;
}

/**
 * Asks each accepted mint whether it locks quotes and remembers those that do, before the
 * profile says where unlocked quotes are taken (docs/protocol.md "Accepted mints and locking").
 */
async function learnLockingMints(
  store: Pick<AcceptedMintStore, 'acceptedMints'> & Pick<LockingMintMemory, 'rememberLocking'>,
  wallets: Pick<WalletProvider, 'getMint'>,
  logger: Logger,
): Promise<void> {
  const mints = await store.acceptedMints();
  await Promise.all(
    mints.map(async (mintUrl) => {
      try {
        if (await supportsLockedQuotes(wallets, mintUrl)) await store.rememberLocking(mintUrl);
      } catch (error) {
        logger.debug(`Could not ask ${mintUrl} whether it locks quotes`, error);
      }
    }),
  );
}

/** The MerchantTrust port over the trust store, the wallets' mints, receipts and the profile. */
export function merchantTrust(
  trust: MerchantTrustDeps,
  deps: { logger: Logger; clock: Clock },
): MerchantTrust {
  const { store, wallets, receipts, profile, mintBackup } = trust;
  return {
    getPairing: async () => {
      const [secret, acceptUnpaired, links] = await Promise.all([
        store.getOrCreateSecret(),
        store.acceptsUnpaired(),
        staffLinksFor(trust.staff, () => store.lastPublishedProfile()),
      ]);
      return { secret, acceptUnpaired, ...links };
    },
    acceptedMints: () => store.acceptedMints(),
    onRefused: refusalCounter(store, deps.logger, deps.clock),
    cursors: store,
    verify: async (message, mintUrl, lockPubkey) => {
      const acceptUnlocked = await store.acceptsUnlocked();
      return verifyRemoteQuote({
        message,
        mintUrl,
        lockPubkey,
        now: deps.clock(),
        acceptUnlocked,
        mint: {
          check: (quote) => mintQuoteClient(wallets.getMint(mintUrl), deps.logger).check(quote),
          supportsLockedQuotes: async () => {
            const locks = await supportsLockedQuotes(wallets, mintUrl);
            // Remembered before judging: from now on this mint's unlocked quotes are refused.
            if (locks) await store.rememberLocking(mintUrl);
            return locks;
          },
          lockedBefore: () => store.lockedBefore(mintUrl),
        },
      });
    },
    onDuplicate: async (message) => {
      if (!message.receipt) return;
      const sale = await store.creditedSale(message.quote, message.ecashRequest);
      if (!sale) return;
      await receipts.send(message.receipt, { quote: message.quote, ...sale }, message.pubkey);
    },
    onListening: () => {
      void learnLockingMints(store, wallets, deps.logger).then(() => profile?.sync());
      void mintBackup?.sync();
    },
  };
}
