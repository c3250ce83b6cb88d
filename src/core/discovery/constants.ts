// Discovery constants and event kinds (docs/protocol.md "Mint discovery").

/** How long recommendations are collected from the discovery relays. */
export const RELAY_WAIT_MS = 3000;
/** Page size asked of the auditor: GET {auditor}/mints?limit=1000&skip=0. */
export const AUDITOR_LIST_LIMIT = 1000;
/** Our own upper bound, so a hung auditor cannot stall onboarding. */
export const AUDITOR_TIMEOUT_MS = 10_000;

/** NIP-87 recommendation event. */
export const KIND_RECOMMENDATION = 38000;
/** NIP-87 cashu mint announcement kind, named in a recommendation's 'k' tag. */
export const KIND_CASHU_MINT = 38172;

export const NOSTR_FAILURE_PREFIX = 'Could not get nostr recommendations: ';
export const AUDITOR_FAILURE_PREFIX = 'Could not get auditor mint list: ';

/** How long a mint has to answer GET /v1/info before it is listed as unreachable. */
export const INFO_TIMEOUT_MS = 4000;
/** At most this many mints are asked for /v1/info (the best ranked first). */
export const INFO_PROBE_LIMIT = 40;
/** How long the relays are asked whether the reviewers published anything else. */
export const ACTIVITY_WAIT_MS = 1500;
/**
 * Kinds that show a key is used for something besides reviews: profile, notes, follows, relay
 * list. A review from a key with none of these counts as unvouched (docs/protocol.md).
 */
export const ACTIVITY_KINDS = [0, 1, 3, 10002];
