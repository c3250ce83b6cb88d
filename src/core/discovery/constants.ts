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
