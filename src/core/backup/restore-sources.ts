// Where a restore finds the mints to scan besides this device's own records: the NUT-27 mint list
// of the phrase and the merchant's kind 10019 profile, read from the relays entered during
// onboarding (docs/behaviour.md, "Recover funds").
import type { Event as NostrEvent } from 'nostr-tools/core';
import { verifyEvent } from 'nostr-tools/pure';
import type { RelayQuery } from '../discovery/relay-query';
import {
  MERCHANT_PROFILE_KIND,
  newestEvent,
  parseMerchantProfile,
} from '../remote-payments/merchant-profile';
import { usableMintUrl } from '../urls/normalise-url';
import { mintBackupFilter, mintBackupKeys, newestMintBackup } from './nut27';

import type { DiscoverMints } from '../wallet/restore/restore-service';

export const RELAY_READ_MS = 5_000;

export interface RelayMintLists {
  /** the NUT-27 list (any NUT-27 wallet on this phrase may have written it); undefined: none found */
  backup?: string[];
  /** the mints the merchant's profile accepts; undefined: no profile found */
  profile?: string[];
  /** why the relays could not be read at all */
  error?: string;
}

export interface RelayMintListDeps {
  query: RelayQuery;
  relays: string[];
  seed: Uint8Array;
  /** the merchant's Nostr key (hex, x-only): author of its profile */
  merchantPubkey: string;
  maxWaitMs?: number;
}

function ownProfileMints(events: NostrEvent[], pubkey: string): string[] | undefined {
  const own = events.filter((e) => e.pubkey === pubkey && verifyEvent(e));
  const newest = newestEvent(own);
  const profile = newest ? parseMerchantProfile(newest) : undefined;
  return profile?.mints
    .map((mint) => usableMintUrl(mint))
    .filter((mint): mint is string => mint !== undefined);
}

/** Both lists at once; never rejects (an unreachable relay set is `error`). */
export async function readRelayMintLists(deps: RelayMintListDeps): Promise<RelayMintLists> {
  if (deps.relays.length === 0) return {};
  const wait = deps.maxWaitMs ?? RELAY_READ_MS;
  const keys = mintBackupKeys(deps.seed);
  const [backup, profile] = await Promise.allSettled([
    deps.query(deps.relays, mintBackupFilter(keys), wait),
    deps.query(
      deps.relays,
      { kinds: [MERCHANT_PROFILE_KIND], authors: [deps.merchantPubkey] },
      wait,
    ),
  ]);
  const lists: RelayMintLists = {};
  if (backup.status === 'fulfilled') {
    const mints = newestMintBackup(keys, backup.value);
    if (mints) lists.backup = mints;
  }
  if (profile.status === 'fulfilled') {
    const mints = ownProfileMints(profile.value, deps.merchantPubkey);
    if (mints) lists.profile = mints;
  }
  if (backup.status === 'rejected' && profile.status === 'rejected') {
    lists.error = 'Could not read the mint lists from your relays';
  }
  return lists;
}

export interface RelayMintDiscoveryDeps {
  query: RelayQuery;
  getRelays: () => Promise<string[]>;
  getSeed: () => Promise<Uint8Array | undefined>;
  /** the merchant's Nostr key (hex, x-only) */
  getMerchantPubkey: () => Promise<string>;
  maxWaitMs?: number;
}

/** The restore scan's DiscoverMints (core/wallet/restore/restore-service.ts) on the relays. */
export function relayMintDiscovery(deps: RelayMintDiscoveryDeps): DiscoverMints {
  return async () => {
    const seed = await deps.getSeed();
    if (!seed) return { mints: [] };
    const lists = await readRelayMintLists({
      query: deps.query,
      relays: await deps.getRelays(),
      seed,
      merchantPubkey: await deps.getMerchantPubkey(),
      ...(deps.maxWaitMs === undefined ? {} : { maxWaitMs: deps.maxWaitMs }),
    });
    return {
      mints: [
        ...(lists.backup ?? []).map((url) => ({ url, source: 'backup' as const })),
        ...(lists.profile ?? []).map((url) => ({ url, source: 'profile' as const })),
      ],
      ...(lists.error ? { error: lists.error } : {}),
    };
  };
}
