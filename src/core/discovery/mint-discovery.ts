// Mint discovery (docs/protocol.md "Mint discovery"): auditor list + NIP-87 recommendations, merged
// and ranked.
// Each half fails on its own: a failure is logged and the other half's mints are still returned.
import { errorMessage } from '../errors';
import type { Logger } from '../logger';
import { fetchAuditorMints, type FetchFn } from './auditor';
import {
  ACTIVITY_KINDS,
  ACTIVITY_WAIT_MS,
  AUDITOR_FAILURE_PREFIX,
  INFO_PROBE_LIMIT,
  INFO_TIMEOUT_MS,
  AUDITOR_TIMEOUT_MS,
  KIND_CASHU_MINT,
  KIND_RECOMMENDATION,
  NOSTR_FAILURE_PREFIX,
  RELAY_WAIT_MS,
} from './constants';
import { mergeDiscovery } from './merge';
import { probeMints } from './reachability';
import { collectRatings, type MintRatings } from './recommendations';
import type { Filter, RelayQuery } from './relay-query';
import type { AuditorData, DiscoveredMint } from './types';

export interface MintDiscoveryDeps {
  fetch: FetchFn;
  queryRelays: RelayQuery;
  logger: Logger;
}

export interface MintDiscoveryOptions {
  /** discovery relays (VITE_DISCOVERY_RELAYS); none means no relay query */
  relays: string[];
  /** auditor base URL (VITE_AUDITOR_URL); empty or missing means no auditor */
  auditorUrl?: string;
  /** how long to collect recommendations; default 3000 ms (docs/protocol.md "Mint discovery") */
  relayWaitMs?: number;
  auditorTimeoutMs?: number;
  /** how long the reviewers' other events are collected; default 1500 ms */
  activityWaitMs?: number;
  /** how long each mint has to answer /v1/info; default 4000 ms */
  infoTimeoutMs?: number;
}

/** The relay filter for NIP-87 cashu mint recommendations. */
export const RECOMMENDATION_FILTER: Filter = {
  kinds: [KIND_RECOMMENDATION],
  '#k': [String(KIND_CASHU_MINT)],
};

export class MintDiscovery {
  constructor(private readonly deps: MintDiscoveryDeps) {}

  /** Ranked mints from both sources. Never rejects: failures are logged, the rest returned. */
  async discover(options: MintDiscoveryOptions): Promise<DiscoveredMint[]> {
    try {
      const [auditor, ratings] = await Promise.all([
        this.auditorMints(options),
        this.recommendations(options),
      ]);
      // Ranked once to pick which mints to ask, then again with the answers and the vouching.
      const candidates = mergeDiscovery(auditor, ratings)
        .slice(0, INFO_PROBE_LIMIT)
        .map((mint) => mint.url);
      const [reachable, vouched] = await Promise.all([
        probeMints(this.deps.fetch, candidates, options.infoTimeoutMs ?? INFO_TIMEOUT_MS),
        this.activeReviewers(options, ratings),
      ]);
      return mergeDiscovery(auditor, ratings, { reachable, vouched });
    } catch (error) {
      // Not expected (both halves catch); kept so a bug here cannot break onboarding.
      this.deps.logger.error('Mint discovery failed: ' + errorMessage(error), error);
      return [];
    }
  }

  /**
   * Reviewers who published a profile, a note, a follow list or a relay list on the discovery
   * relays. A failed query vouches for nobody: unvouched reviews then rank below audited data.
   */
  private async activeReviewers(
    options: MintDiscoveryOptions,
    ratings: MintRatings[],
  ): Promise<Set<string>> {
    const authors = [
      ...new Set(ratings.flatMap((r) => r.recommendations.map((rec) => rec.author ?? ''))),
    ].filter((author) => author !== '');
    const relays = options.relays.map((r) => r.trim()).filter(Boolean);
    if (authors.length === 0 || relays.length === 0) return new Set();
    try {
      const events = await this.deps.queryRelays(
        relays,
        { authors, kinds: ACTIVITY_KINDS },
        options.activityWaitMs ?? ACTIVITY_WAIT_MS,
      );
      const wanted = new Set(authors);
      return new Set(
        events
          .filter((event) => ACTIVITY_KINDS.includes(event.kind) && wanted.has(event.pubkey))
          .map((event) => event.pubkey),
      );
    } catch (error) {
      this.deps.logger.warn(NOSTR_FAILURE_PREFIX + errorMessage(error), error);
      return new Set();
    }
  }

  private async auditorMints(options: MintDiscoveryOptions): Promise<AuditorData[]> {
    const auditorUrl = options.auditorUrl?.trim();
    if (!auditorUrl) return [];
    try {
      return await fetchAuditorMints(
        this.deps.fetch,
        auditorUrl,
        options.auditorTimeoutMs ?? AUDITOR_TIMEOUT_MS,
      );
    } catch (error) {
      this.deps.logger.warn(AUDITOR_FAILURE_PREFIX + errorMessage(error), error);
      return [];
    }
  }

  private async recommendations(options: MintDiscoveryOptions): Promise<MintRatings[]> {
    const relays = options.relays.map((r) => r.trim()).filter(Boolean);
    if (relays.length === 0) return [];
    try {
      const events = await this.deps.queryRelays(
        relays,
        RECOMMENDATION_FILTER,
        options.relayWaitMs ?? RELAY_WAIT_MS,
      );
      return collectRatings(events);
    } catch (error) {
      this.deps.logger.warn(NOSTR_FAILURE_PREFIX + errorMessage(error), error);
      return [];
    }
  }
}
