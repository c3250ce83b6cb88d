// Loads discovered mints once for the mint-selection step; the discovery code (nostr pool, auditor
// client) is imported on demand so it stays out of the first-screen bundle.
import { useEffect, useState } from 'react';
import type { Logger } from '../../core/logger';
import type { DiscoveredMint } from '../../core/discovery/types';
import type { OnboardingSettings } from './deps';

export type DiscoverMints = () => Promise<DiscoveredMint[]>;

/** Real discovery: the app's discovery relays and auditor (docs/protocol.md "Mint discovery"). */
export function browserDiscovery(settings: OnboardingSettings, logger: Logger): DiscoverMints {
  return async () => {
    const { MintDiscovery, createPoolRelayQuery } = await import('../../core/discovery');
    const discovery = new MintDiscovery({
      fetch: (input, init) => globalThis.fetch(input, init),
      queryRelays: createPoolRelayQuery(),
      logger,
    });
    return discovery.discover({
      relays: settings.discoveryRelays,
      auditorUrl: settings.auditorUrl,
    });
  };
}

export type DiscoveryState = { status: 'loading' } | { status: 'done'; mints: DiscoveredMint[] };

export function useDiscoveredMints(discover: DiscoverMints, logger: Logger): DiscoveryState {
  const [state, setState] = useState<DiscoveryState>({ status: 'loading' });
  useEffect(() => {
    let cancelled = false;
    discover()
      .then((mints) => {
        if (!cancelled) setState({ status: 'done', mints });
      })
      .catch((error: unknown) => {
        // Discovery never rejects by contract; a failed lazy import still must not strand the user.
        logger.error('Mint discovery failed', error);
        if (!cancelled) setState({ status: 'done', mints: [] });
      });
    return () => {
      cancelled = true;
    };
  }, [discover, logger]);
  return state;
}
