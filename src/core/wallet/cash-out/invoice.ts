// BOLT11 checks before a melt quote is asked for: malformed, other network, expired, no amount
// (docs/protocol.md, "Cash-out"); and what the confirm step shows of the invoice.
import { decode } from 'light-bolt11-decoder';
import { ValidationError } from '../../errors';
import { recoverPayee } from './payee';
import {
  INVOICE_EXPIRED,
  INVOICE_MALFORMED,
  INVOICE_NO_AMOUNT,
  INVOICE_OTHER_NETWORK,
} from './texts.json';

export interface DecodedInvoice {
  /** the invoice as given, lower case, without a lightning: prefix */
  request: string;
  /** whole sats (msat rounded up); null for an invoice without an amount */
  amountSat: number | null;
  /** unix seconds */
  expiresAt: number;
  /** bech32 network letters: 'bc' mainnet, 'tb', 'tbs', 'bcrt', 'sb' */
  network: string;
  description: string | null;
  /** hex sha256 the invoice commits to instead of a description (`h`, LNURL-pay), or null */
  descriptionHash: string | null;
  /** the payee node key (hex): the `n` field, else recovered from the signature; null if neither */
  payee: string | null;
}

/** `lightning:` URIs and upper-case QR payloads are the same invoice. */
export function cleanInvoice(text: string): string {
  return text
    .trim()
    .replace(/^lightning:/i, '')
    .toLowerCase();
}

export function looksLikeInvoice(text: string): boolean {
  return /^ln(bc|tb|tbs|bcrt|sb)[0-9a-z]*1[0-9a-z]+$/.test(cleanInvoice(text));
}

/** Throws ValidationError(INVOICE_MALFORMED) when the text does not decode as BOLT11. */
export function decodeInvoice(text: string): DecodedInvoice {
  const request = cleanInvoice(text);
  let decoded: ReturnType<typeof decode>;
  try {
    decoded = decode(request);
  } catch (error) {
    throw new ValidationError(INVOICE_MALFORMED, { cause: error });
  }
  let msat: number | null = null;
  let timestamp: number | undefined;
  let network = '';
  let description: string | null = null;
  let descriptionHash: string | null = null;
  let payee: string | null = null;
  for (const section of decoded.sections) {
    if (section.name === 'amount') msat = Number(section.value);
    else if (section.name === 'timestamp') timestamp = section.value;
    else if (section.name === 'coin_network') network = section.value?.bech32 ?? section.letters;
    else if (section.name === 'description') description = section.value;
    else if ((section.name as string) === 'description_hash') descriptionHash = hexOf(section);
    else if ((section.name as string) === 'payee') payee = hexOf(section);
  }
  if (timestamp === undefined || !network || (msat !== null && !Number.isFinite(msat))) {
    throw new ValidationError(INVOICE_MALFORMED);
  }
  return {
    request,
    amountSat: msat === null ? null : Math.ceil(msat / 1000),
    expiresAt: timestamp + (decoded.expiry ?? 3600),
    network,
    description,
    descriptionHash,
    payee: payee ?? recoverPayee(request),
  };
}

/** The hex value of a tagged field the decoder's types do not list (`h`, `n`). */
function hexOf(section: object): string | null {
  const value = (section as { value?: unknown }).value;
  return typeof value === 'string' ? value.toLowerCase() : null;
}

/**
 * Decodes and refuses what no mint of ours can pay: another network (mints pay mainnet), an
 * expired invoice, one without an amount (amountless melts, NUT-05 option, are not offered).
 */
export function checkInvoice(text: string, nowMs: number): DecodedInvoice & { amountSat: number } {
  const invoice = decodeInvoice(text);
  if (invoice.network !== 'bc') throw new ValidationError(INVOICE_OTHER_NETWORK);
  if (invoice.expiresAt * 1000 <= nowMs) throw new ValidationError(INVOICE_EXPIRED);
  if (invoice.amountSat === null || invoice.amountSat <= 0) {
    throw new ValidationError(INVOICE_NO_AMOUNT);
  }
  return { ...invoice, amountSat: invoice.amountSat };
}
