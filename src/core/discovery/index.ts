// Public surface of mint discovery.
export { MintDiscovery, RECOMMENDATION_FILTER } from './mint-discovery';
export type { MintDiscoveryDeps, MintDiscoveryOptions } from './mint-discovery';
export { createPoolRelayQuery } from './simple-pool-query';
export type { PoolRelayQueryOptions, WebSocketConstructor } from './simple-pool-query';
export type { RelayQuery, NostrEvent, Filter } from './relay-query';
export type { FetchFn } from './auditor';
export { auditorListUrl, fetchAuditorMints, parseAuditorEntry, parseAuditorList } from './auditor';
export {
  averageScore,
  collectRatings,
  parseRating,
  parseRecommendationEvent,
} from './recommendations';
export type { MintRatings, ParsedRecommendation } from './recommendations';
export { mergeDiscovery } from './merge';
export * from './constants';
export type { AuditorData, DiscoveredMint, MintRecommendation } from './types';
