// What a mint says about a mint quote, reduced to plain values (integer sats, one state name).

export type MintQuoteStateName = 'UNPAID' | 'PAID' | 'ISSUED';

export interface MintQuoteSnapshot {
  quote: string;
  state: MintQuoteStateName;
  /** unix seconds, or null when the mint gives none */
  expiry: number | null;
  amount?: number;
  /** the quote's unit, when the mint names it */
  unit?: string;
  request?: string;
  pubkey?: string;
}

const STATES: readonly string[] = ['UNPAID', 'PAID', 'ISSUED'];

function toInteger(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
    return Number(value);
  }
  // cashu-ts Amount objects
  if (value && typeof value === 'object' && 'toNumber' in value) {
    const toNumber = (value as { toNumber: unknown }).toNumber;
    if (typeof toNumber === 'function') return (toNumber as () => number).call(value);
  }
  return undefined;
}

/**
 * Normalises a quote reply (HTTP or NUT-17 payload). Old mints send only `paid` (and sometimes
 * `issued`) booleans instead of `state`; they map onto the same three states.
 */
export function toMintQuoteSnapshot(raw: unknown, fallbackQuote = ''): MintQuoteSnapshot {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  let state: MintQuoteStateName;
  if (typeof r.state === 'string' && STATES.includes(r.state)) {
    state = r.state as MintQuoteStateName;
  } else if (r.issued === true) {
    state = 'ISSUED';
  } else if (r.paid === true) {
    state = 'PAID';
  } else {
    state = 'UNPAID';
  }
  const expiry = toInteger(r.expiry);
  const snapshot: MintQuoteSnapshot = {
    quote: typeof r.quote === 'string' ? r.quote : fallbackQuote,
    state,
    expiry: expiry === undefined || expiry <= 0 ? null : expiry,
  };
  const amount = toInteger(r.amount);
  if (amount !== undefined) snapshot.amount = amount;
  if (typeof r.request === 'string') snapshot.request = r.request;
  if (typeof r.unit === 'string' && r.unit) snapshot.unit = r.unit;
  if (typeof r.pubkey === 'string' && r.pubkey) snapshot.pubkey = r.pubkey;
  return snapshot;
}

/** True when an unpaid quote's expiry has passed at `nowMs`. */
export function isExpiredUnpaid(
  snapshot: Pick<MintQuoteSnapshot, 'state' | 'expiry'>,
  nowMs: number,
): boolean {
  return snapshot.state === 'UNPAID' && snapshot.expiry !== null && nowMs / 1000 >= snapshot.expiry;
}
