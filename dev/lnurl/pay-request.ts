// LNURL-pay (LUD-06/12/16/21) documents: the payRequest of an address and the checks on a callback.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

export type LnurlSettings = {
  /** msat; default 1000 (1 sat, the smallest invoice the dev mint makes) */
  minSendable: number;
  /** msat; default 1 000 000 000 (1 000 000 sat, the dev mint's largest quote) */
  maxSendable: number;
  /** longest comment accepted (LUD-12); 0 turns comments off */
  commentAllowed: number;
};

/** LUD-16 user names: lower-case letters, digits and `-_.+`. */
export const NAME_PATTERN = /^[a-z0-9\-_.+]+$/;

export function metadataFor(name: string, host: string): string {
  return JSON.stringify([
    ['text/plain', `Pay ${name} on the Cashew dev stack`],
    ['text/identifier', `${name}@${host}`],
  ]);
}

/** sha256 of the metadata string: the invoice commits to it (LUD-06 description hash). */
export function descriptionHash(metadata: string): string {
  return bytesToHex(sha256(new TextEncoder().encode(metadata)));
}

export function payRequest(baseUrl: string, name: string, host: string, s: LnurlSettings) {
  return {
    tag: 'payRequest',
    callback: `${baseUrl}/lnurlp/${name}/callback`,
    minSendable: s.minSendable,
    maxSendable: s.maxSendable,
    metadata: metadataFor(name, host),
    ...(s.commentAllowed > 0 ? { commentAllowed: s.commentAllowed } : {}),
  };
}

export type LnurlError = { status: 'ERROR'; reason: string };

export const lnurlError = (reason: string): LnurlError => ({ status: 'ERROR', reason });

/** The amount in sat a callback asks for, or the LNURL error to answer. */
export function checkCallback(
  params: URLSearchParams,
  s: LnurlSettings,
): { sats: number; comment: string } | LnurlError {
  const raw = params.get('amount');
  if (raw === null || !/^\d+$/.test(raw)) {
    return lnurlError('amount (in millisatoshis) is missing or not a whole number');
  }
  const msat = Number(raw);
  if (msat < s.minSendable || msat > s.maxSendable) {
    return lnurlError(`amount ${msat} msat is outside ${s.minSendable}-${s.maxSendable} msat`);
  }
  if (msat % 1000 !== 0) return lnurlError(`amount ${msat} msat is not a whole number of sats`);
  const comment = params.get('comment') ?? '';
  if (comment.length > s.commentAllowed) {
    return lnurlError(
      s.commentAllowed === 0
        ? 'comments are not accepted'
        : `comment is ${comment.length} characters, at most ${s.commentAllowed} are accepted`,
    );
  }
  return { sats: msat / 1000, comment };
}
