// Reads the device npub and the merchant's mint and relays, and builds the connection link once.
import { useEffect, useState } from 'react';
import { buildConnectionLink } from './connection-link';
import type { ConnectServices } from './deps';

export type ConnectionLinkState =
  | { status: 'loading' }
  | { status: 'ready'; link: string; npub: string; shopName: string }
  | { status: 'failed' };

export function useConnectionLink(services: ConnectServices, origin: string): ConnectionLinkState {
  const { storage, deviceKeys, logger } = services;
  const [state, setState] = useState<ConnectionLinkState>({ status: 'loading' });

  useEffect(() => {
    let active = true;
    void (async () => {
      try {
        const [keypair, mintUrl, relays, shopName] = await Promise.all([
          deviceKeys.getKeypair(),
          storage.config.getMintUrl(),
          storage.config.getRelays(),
          storage.config.getShopName(),
        ]);
        const link = buildConnectionLink({ origin, npub: keypair.npub, mintUrl, relays, shopName });
        if (active) setState({ status: 'ready', link, npub: keypair.npub, shopName });
      } catch (error) {
        logger.error('Could not build the connection link', error);
        if (active) setState({ status: 'failed' });
      }
    })();
    return () => {
      active = false;
    };
  }, [deviceKeys, storage.config, logger, origin]);

  return state;
}
