// Paying the sale's invoice from a Bolt Card (LNURL-withdraw, LUD-03): ask the card's service what
// one tap may withdraw, check the invoice's amount against it, then hand the service the invoice.
// The money arrives as the invoice's payment, watched like any other (docs/protocol.md "Tap to pay").
import { checkLnurlUrl, type Fetch } from '../wallet/cash-out/lnurl';

export type WithdrawOutcome =
  /** the service took the invoice and pays it; the sale lands when the mint sees the payment */
  | { status: 'requested' }
  /** the amount is outside what one tap may withdraw; nothing was asked of the card */
  | { status: 'out-of-range'; minSat: number; maxSat: number }
  /** the service said no (its reason, shortened) */
  | { status: 'refused'; reason: string }
  /** the service did not answer, or not as LUD-03 says */
  | { status: 'unreachable' }
  /** not a withdraw service, or one that is not https (loopback aside) */
  | { status: 'not-a-card' };

const TIMEOUT_MS = 10_000;
const REASON_MAX = 140;

interface WithdrawRequest {
  callback: string;
  k1: string;
  minWithdrawable: number;
  maxWithdrawable: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

async function getJson(fetch: Fetch, url: string): Promise<Record<string, unknown> | null> {
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
    const body: unknown = await response.json();
    return isRecord(body) ? body : null;
  } catch {
    return null;
  }
}

function refusal(body: Record<string, unknown>): WithdrawOutcome | null {
  if (body.status !== 'ERROR') return null;
  const reason = typeof body.reason === 'string' ? body.reason : '';
  return { status: 'refused', reason: reason.slice(0, REASON_MAX) };
}

function readRequest(body: Record<string, unknown>): WithdrawRequest | null {
  const { tag, callback, k1, minWithdrawable, maxWithdrawable } = body;
  if (tag !== 'withdrawRequest') return null;
  if (typeof callback !== 'string' || typeof k1 !== 'string' || k1 === '') return null;
  if (typeof minWithdrawable !== 'number' || typeof maxWithdrawable !== 'number') return null;
  if (!(minWithdrawable >= 0 && maxWithdrawable >= minWithdrawable)) return null;
  return { callback, k1, minWithdrawable, maxWithdrawable };
}

function safeUrl(raw: string): string | null {
  try {
    return checkLnurlUrl(raw);
  } catch {
    return null;
  }
}

/** Asks the card's service at `url` to pay `invoice` of `amountSat`. */
export async function payInvoiceFromCard(
  fetch: Fetch,
  url: string,
  invoice: string,
  amountSat: number,
): Promise<WithdrawOutcome> {
  const first = safeUrl(url);
  if (!first) return { status: 'not-a-card' };
  const body = await getJson(fetch, first);
  if (!body) return { status: 'unreachable' };
  const refused = refusal(body);
  if (refused) return refused;
  if (body.tag !== undefined && body.tag !== 'withdrawRequest') return { status: 'not-a-card' };
  const request = readRequest(body);
  if (!request) return { status: 'unreachable' };
  const callback = safeUrl(request.callback);
  if (!callback) return { status: 'not-a-card' };
  const msat = amountSat * 1000;
  if (msat < request.minWithdrawable || msat > request.maxWithdrawable) {
    return {
      status: 'out-of-range',
      minSat: Math.ceil(request.minWithdrawable / 1000),
      maxSat: Math.floor(request.maxWithdrawable / 1000),
    };
  }
  const target = new URL(callback);
  target.searchParams.set('k1', request.k1);
  target.searchParams.set('pr', invoice);
  const answer = await getJson(fetch, target.toString());
  if (!answer) return { status: 'unreachable' };
  if (answer.status === 'OK') return { status: 'requested' };
  return refusal(answer) ?? { status: 'unreachable' };
}
