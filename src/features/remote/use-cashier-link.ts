// Opening a cashier link: its pairing secret (the fragment, else the one this device kept for the
// merchant), then the merchant's kind 10019 profile, which says whether the link is still valid
// and gives a link without a mint or relays the merchant's own (docs/protocol.md "Sending (cashier)").
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

export type CashierLinkState =
  | { status: 'checking' }
  | { status: 'revoked' }
  | { status: 'failed' }
  | { status: 'ready'; target: RemoteTarget; pairingSecret?: Uint8Array };

async function pairingSecretFor(
  services: RemoteServices,
  merchantPubkeyHex: string,
  fromLink: Uint8Array | undefined,
): Promise<Uint8Array | undefined> {
  const { cashierLinks } = services.storage;
  try {
    if (!fromLink) return await cashierLinks.getPairingSecret(merchantPubkeyHex);
    await cashierLinks.setPairingSecret(merchantPubkeyHex, fromLink);
  } catch (error) {
    services.logger.warn('Could not keep the cashier link’s pairing secret', error);
  }
  return fromLink;
}

export function useCashierLink(
  services: RemoteServices,
  merchantPubkeyHex: string,
  link: RemoteLinkSettings,
  linkSecret: Uint8Array | undefined,
): CashierLinkState {
  const [state, setState] = useState<CashierLinkState>({ status: 'checking' });
  useEffect(() => {
    let active = true;
    const { storage, logger } = services;
    const pool = (services.createRelayPool ?? createRelayPool)();
    void (async () => {
      const pairingSecret = await pairingSecretFor(services, merchantPubkeyHex, linkSecret);
      let profile: MerchantProfile | undefined;
      try {
        profile = await readMerchantProfile({
          pool,
          relays: await profileRelays(link, storage.config),
          merchantPubkeyHex,
        });
      } catch (error) {
        // Unknown is not revoked: the page works as it would without a profile.
        logger.warn('Could not read the merchant profile', error);
      }
      if (!active) return;
      if (isLinkRevoked(profile, pairingSecret)) {
        setState({ status: 'revoked' });
        return;
      }
      const target = await resolveRemoteTarget(link, storage.config, profile);
      if (active) setState({ status: 'ready', target, pairingSecret });
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
  }, [services, merchantPubkeyHex, link, linkSecret]);
  return state;
}
