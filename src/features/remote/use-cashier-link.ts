// Opening a cashier link: its pairing secret (the link's own fragment only), then the merchant's
// kind 10019 profile, which says whether the link is still valid and which mints the cashier may
// sell on (docs/protocol.md "Sending (cashier)", "Accepted mints and locking").
import { useEffect, useState } from 'react';
import {
  createRelayPool,
  isLinkRevoked,
  readMerchantProfile,
  type MerchantProfile,
  type RemoteTarget,
} from '../../core/remote-payments';
import type { RemoteServices } from './deps';
import { profileRelays, resolveRemoteTarget, type RemoteLinkSettings } from './remote-link';

/** Reads of the merchant's profile on opening, and the wait between them. */
const PROFILE_ATTEMPTS = 3;
const PROFILE_RETRY_MS = 2_000;

export type CashierLinkState =
  | { status: 'checking' }
  | { status: 'revoked' }
  | { status: 'failed' }
  /** no signed profile listing a mint was found: the page cannot know where to sell */
  | { status: 'no-profile' }
  | {
      status: 'ready';
      target: RemoteTarget;
      pairingSecret?: Uint8Array;
      /** the link named a mint the merchant does not accept; the page sells elsewhere */
      linkMintRefused: boolean;
    };

export function useCashierLink(
  services: RemoteServices,
  merchantPubkeyHex: string,
  link: RemoteLinkSettings,
  linkSecret: Uint8Array | undefined,
  /** a person's link: valid only while the profile names it (docs/protocol.md "Staff links") */
  staffLink = false,
): CashierLinkState {
  const [state, setState] = useState<CashierLinkState>({ status: 'checking' });
  useEffect(() => {
    let active = true;
    const { storage, logger } = services;
    const pool = (services.createRelayPool ?? createRelayPool)();
    void (async () => {
      // Only the secret that came with this very link: a link without `#pair=` is a new,
      // unpaired link, never one proven with a secret kept from another link.
      const pairingSecret = linkSecret;
      const relays = await profileRelays(link, storage.config);
      let profile: MerchantProfile | undefined;
      // A merchant that has just opened the app publishes its profile moments later: ask again
      // a few times before saying the page cannot sell.
      for (let attempt = 0; active && !profile?.mints.length; attempt += 1) {
        if (attempt > 0) {
          if (attempt >= PROFILE_ATTEMPTS) break;
          await new Promise((resolve) => setTimeout(resolve, PROFILE_RETRY_MS));
        }
        try {
          profile = await readMerchantProfile({ pool, relays, merchantPubkeyHex });
        } catch (error) {
          // Unknown is not revoked, but without a profile the page cannot tell where to sell.
          logger.warn('Could not read the merchant profile', error);
        }
      }
      if (!active) return;
      if (isLinkRevoked(profile, pairingSecret, staffLink)) {
        setState({ status: 'revoked' });
        return;
      }
      const resolved = await resolveRemoteTarget(link, storage.config, profile);
      if (!active) return;
      if (!resolved) {
        setState({ status: 'no-profile' });
        return;
      }
      setState({ status: 'ready', ...resolved, pairingSecret });
    })()
      .catch((error: unknown) => {
        logger.error('Could not open the cashier link', error);
        if (active) setState({ status: 'failed' });
      })
      .finally(() => {
        try {
          pool.destroy();
        } catch (closeError) {
          logger.debug('Closing the relay pool failed', closeError);
        }
      });
    return () => {
      active = false;
    };
  }, [services, merchantPubkeyHex, link, linkSecret, staffLink]);
  return state;
}
