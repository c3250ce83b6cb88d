// Reads the device npub, the merchant's mint, relays and shop name and the pairing secret, and builds the
// connection link; `reset` replaces the secret (old links stop working) and builds it again.
import { useCallback, useEffect, useState } from 'react';
import { encodePairingSecret } from '../../core/remote-payments/pairing';
import { buildConnectionLink, type ConnectionLinkInput } from './connection-link';
import type { ConnectServices } from './deps';

export type ConnectionLinkState =
  | { status: 'loading' }
  | {
      status: 'ready';
      link: string;
      npub: string;
      shopName: string;
      /** what every link of this shop carries but the secret: a person's link is built on it */
      base: Omit<ConnectionLinkInput, 'pairing' | 'staffName'>;
      /** the shop's pairing secret: each person's link secret derives from it */
      secret: Uint8Array;
    }
  | { status: 'failed' };

export function useConnectionLink(
  services: ConnectServices,
  origin: string,
): { state: ConnectionLinkState; reset: () => Promise<boolean> } {
  const { storage, deviceKeys, logger, merchantProfile, catalog } = services;
  const [state, setState] = useState<ConnectionLinkState>({ status: 'loading' });

  const build = useCallback(
    async (secret: Uint8Array) => {
      const [keypair, mintUrl, relays, shopName] = await Promise.all([
        deviceKeys.getKeypair(),
        storage.config.getMintUrl(),
        storage.config.getRelays(),
        storage.config.getShopName(),
      ]);
      const pairing = encodePairingSecret(secret);
      const npub = keypair.npub;
      const base = { origin, npub, mintUrl, relays, shopName };
      const link = buildConnectionLink({ ...base, pairing });
      return { status: 'ready' as const, link, npub, shopName, base, secret };
    },
    [deviceKeys, storage.config, origin],
  );

  useEffect(() => {
    let active = true;
    void (async () => {
      try {
        const ready = await build(await storage.merchantTrust.getOrCreateSecret());
        if (active) setState(ready);
      } catch (error) {
        logger.error('Could not build the connection link', error);
        if (active) setState({ status: 'failed' });
      }
    })();
    return () => {
      active = false;
    };
  }, [build, storage.merchantTrust, logger]);

  const reset = useCallback(async () => {
    try {
      setState(await build(await storage.merchantTrust.resetSecret()));
    } catch (error) {
      logger.error('Could not reset the cashier link', error);
      return false;
    }
    // The profile names the pairing id; a failed publish is retried at the next start.
    void merchantProfile.sync();
    void catalog?.sync();
    return true;
  }, [build, storage.merchantTrust, merchantProfile, catalog, logger]);

  return { state, reset };
}
