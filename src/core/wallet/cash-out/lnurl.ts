// Lightning addresses (LUD-16) and LNURL-pay (LUD-06): where to ask, what the receiver accepts,
// and an invoice for the merchant's amount (docs/protocol.md, "Cash-out").
import { parseLnUrlPayResponse } from '@getalby/lightning-tools/lnurl';
import { bech32 } from '@scure/base';
import { ValidationError } from '../../errors';
import { decodeInvoice, looksLikeInvoice } from './invoice';
import {
  amountOutOfRange,
  commentTooLong,
  LNURL_INSECURE,
  LNURL_NONSENSE,
  LNURL_UNREACHABLE,
  LNURL_WRONG_INVOICE,
  lnurlRefused,
  UNRECOGNISED_DESTINATION,
} from './texts';

export type Destination =
  | { kind: 'invoice'; invoice: string }
  /** `label` is what the merchant typed (address or LNURL), `url` the pay endpoint */
  | { kind: 'lnurl'; url: string; label: string };

export interface PayParams {
  callback: string;
  minSat: number;
  maxSat: number;
  /** longest comment the receiver takes; 0 when it takes none */
  commentAllowed: number;
  description: string;
  /** the address or LNURL as typed */
  label: string;
}

export type Fetch = (url: string, init?: { signal?: AbortSignal }) => Promise<Response>;

const ADDRESS = /^([a-z0-9._+-]+)@([a-z0-9.-]+(?::\d{1,5})?)$/i;
const LNURL_TIMEOUT_MS = 10_000;

/** Loopback hosts only may be reached over plain http (the dev stack's LNURL server). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** https always; http only on loopback; anything else refused. */
export function checkLnurlUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch (error) {
    throw new ValidationError(LNURL_NONSENSE, { cause: error });
  }
  if (url.protocol === 'https:') return url.toString();
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return url.toString();
  throw new ValidationError(LNURL_INSECURE);
}

/** What the merchant pasted or scanned: an invoice, a Lightning address or an LNURL. */
export function parseDestination(text: string): Destination {
  const trimmed = text.trim().replace(/^lightning:/i, '');
  if (looksLikeInvoice(trimmed)) return { kind: 'invoice', invoice: trimmed.toLowerCase() };
  const address = ADDRESS.exec(trimmed);
  if (address) {
    const [, name, domain] = address;
    const host = domain!.replace(/:\d+$/, '');
    const scheme = isLoopbackHost(host) ? 'http' : 'https';
    return {
      kind: 'lnurl',
      url: `${scheme}://${domain!.toLowerCase()}/.well-known/lnurlp/${name!.toLowerCase()}`,
      label: trimmed.toLowerCase(),
    };
  }
  if (/^lnurl1[02-9ac-hj-np-z]+$/i.test(trimmed)) {
    let url: string;
    try {
      const { words } = bech32.decode(trimmed.toLowerCase() as `${string}1${string}`, 2000);
      url = new TextDecoder().decode(bech32.fromWords(words));
    } catch (error) {
      throw new ValidationError(UNRECOGNISED_DESTINATION, { cause: error });
    }
    return { kind: 'lnurl', url: checkLnurlUrl(url), label: trimmed.toLowerCase() };
  }
  // LUD-17 scheme: lnurlp://host/path is https (http on loopback).
  const lud17 = /^lnurlp:\/\/(.+)$/i.exec(trimmed);
  if (lud17) {
    const rest = lud17[1]!;
    const host = rest.split(/[/?#]/)[0]!.replace(/:\d+$/, '');
    const scheme = isLoopbackHost(host) ? 'http' : 'https';
    return { kind: 'lnurl', url: checkLnurlUrl(`${scheme}://${rest}`), label: trimmed };
  }
  throw new ValidationError(UNRECOGNISED_DESTINATION);
}

async function getJson(fetchFn: Fetch, url: string): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), LNURL_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetchFn(url, { signal: controller.signal });
  } catch (error) {
    throw new ValidationError(LNURL_UNREACHABLE, { cause: error });
  } finally {
    clearTimeout(timer);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    if (!response.ok) throw new ValidationError(LNURL_UNREACHABLE, { cause: error });
    throw new ValidationError(LNURL_NONSENSE, { cause: error });
  }
  // LUD-06: an error is {"status": "ERROR", "reason": "..."}, with any HTTP status.
  if (body && typeof body === 'object' && (body as { status?: unknown }).status === 'ERROR') {
    const reason = (body as { reason?: unknown }).reason;
    throw new ValidationError(lnurlRefused(typeof reason === 'string' ? reason : 'no reason'));
  }
  if (!response.ok) throw new ValidationError(LNURL_UNREACHABLE);
  return body;
}

/** LUD-06 step 1: the receiver's limits, comment length and callback. */
export async function fetchPayParams(
  destination: Extract<Destination, { kind: 'lnurl' }>,
  fetchFn: Fetch,
): Promise<PayParams> {
  const url = checkLnurlUrl(destination.url);
  const body = await getJson(fetchFn, url);
  let parsed: Awaited<ReturnType<typeof parseLnUrlPayResponse>>;
  try {
    parsed = await parseLnUrlPayResponse(body as Parameters<typeof parseLnUrlPayResponse>[0]);
  } catch (error) {
    throw new ValidationError(LNURL_NONSENSE, { cause: error });
  }
  const minSat = Math.max(1, Math.ceil(parsed.min / 1000));
  const maxSat = Math.floor(parsed.max / 1000);
  if (!Number.isSafeInteger(minSat) || !Number.isSafeInteger(maxSat) || maxSat < minSat) {
    throw new ValidationError(LNURL_NONSENSE);
  }
  const commentAllowed = Number(parsed.commentAllowed ?? 0);
  return {
    callback: checkLnurlUrl(parsed.callback),
    minSat,
    maxSat,
    commentAllowed: Number.isSafeInteger(commentAllowed) && commentAllowed > 0 ? commentAllowed : 0,
    description: parsed.description,
    label: destination.label,
  };
}

/** Refuses an amount outside the receiver's limits or a comment it would not take. */
export function checkPayAmount(params: PayParams, amountSat: number, comment = ''): void {
  if (!Number.isSafeInteger(amountSat) || amountSat < params.minSat || amountSat > params.maxSat) {
    throw new ValidationError(amountOutOfRange(params.minSat, params.maxSat));
  }
  if (comment.length > params.commentAllowed) {
    throw new ValidationError(commentTooLong(params.commentAllowed));
  }
}

/** LUD-06 step 2: an invoice for exactly `amountSat`, checked before anything is paid. */
export async function requestInvoice(
  params: PayParams,
  amountSat: number,
  comment: string,
  fetchFn: Fetch,
): Promise<string> {
  checkPayAmount(params, amountSat, comment);
  const url = new URL(params.callback);
  url.searchParams.set('amount', String(amountSat * 1000));
  if (comment) url.searchParams.set('comment', comment);
  const body = await getJson(fetchFn, url.toString());
  const pr = (body as { pr?: unknown } | null)?.pr;
  if (typeof pr !== 'string') throw new ValidationError(LNURL_NONSENSE);
  let amount: number | null;
  try {
    amount = decodeInvoice(pr).amountSat;
  } catch (error) {
    throw new ValidationError(LNURL_NONSENSE, { cause: error });
  }
  if (amount !== amountSat) throw new ValidationError(LNURL_WRONG_INVOICE);
  return pr.toLowerCase();
}
