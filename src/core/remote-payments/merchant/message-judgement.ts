// The merchant inbox's judgement of one payment message, no I/O: pairing, accepted mint and lock
// key (docs/protocol.md "Accepted mints and locking"). The inbox reads the inputs and acts on the verdict.
import type { PaymentMessage } from '../payment-message';
import type { PendingMintQuote } from '../../wallet/mint/ports';
import { hasPairingSignature, hasValidPairing } from '../pairing';
import { acceptedMintFor, type RefusalKind } from '../sale-judgement';
import type { StaffLinkCheck } from '../../staff/staff-link';
import type { StaffRef } from '../../staff/staff';
import type { Unit } from '../../units/unit';

/** How a message's pairing proof is checked: HMAC with the secret, or the link's signature. */
export interface PairingCheck {
  secret?: Uint8Array;
  /** pairing.ts `pairingKey`: checks `sig` without the secret (decision 0030, point 7) */
  verifyKey?: string;
  acceptUnpaired: boolean;
  /** each person's cashier link, live or revoked (core/staff/staff-link.ts); checked by `sig` */
  links?: readonly StaffLinkCheck[];
}

/** Who sent the message, as the pairing settings judge it. */
export interface SenderJudgement {
  /** strangers are dropped quietly: pairing applies and unpaired links are not accepted */
  strict: boolean;
  /** the message proves the pairing secret (or the link's signature) */
  paired: boolean;
  /** the message came from this person's cashier link */
  staff?: StaffRef;
  /** that link was revoked: only a sale the mint already calls paid lands, marked so */
  revoked?: boolean;
}

/** A message the merchant will not act on: nothing is stored. */
export interface Refusal {
  kind: 'refuse';
  /** counted in Settings when set */
  refusal?: RefusalKind;
  /** dropped without an error or a notice: a stranger must not raise toasts */
  quiet: boolean;
  reason: string;
}

export type SenderVerdict = SenderJudgement & ({ kind: 'pass' } | Refusal);

/**
 * `otherUnit`: the quote is in another unit than the till charges in; it is taken all the same,
 * into that unit's balance (decision 0115).
 */
export type MessageVerdict = { kind: 'accept'; mintUrl: string; otherUnit?: true } | Refusal;

function isPaired(pairing: PairingCheck | undefined, message: PaymentMessage): boolean {
  if (!pairing) return false;
  if (pairing.secret) return hasValidPairing(pairing.secret, message);
  return pairing.verifyKey !== undefined && hasPairingSignature(pairing.verifyKey, message);
}

/** The person's link the message proves, by its signature; revoked links are looked at first. */
function staffLinkOf(
  pairing: PairingCheck | undefined,
  message: PaymentMessage,
): StaffLinkCheck | undefined {
  const id = message.pairing?.id;
  if (!pairing?.links || id === undefined) return undefined;
  const named = pairing.links.filter((link) => link.id === id);
  named.sort((a, b) => Number(b.revoked) - Number(a.revoked));
  return named.find((link) => hasPairingSignature(link.key, message));
}

/** Whether the pairing settings let the sender in; no settings: every sender is taken. */
export function judgeSender(
  pairing: PairingCheck | undefined,
  message: PaymentMessage,
): SenderVerdict {
  const strict = pairing !== undefined && !pairing.acceptUnpaired;
  const link = staffLinkOf(pairing, message);
  if (link) {
    const who = { staff: link.staff, ...(link.revoked ? { revoked: true } : {}) };
    return { kind: 'pass', strict, paired: true, ...who };
  }
  const paired = isPaired(pairing, message);
  if (strict && !paired) {
    return {
      kind: 'refuse',
      refusal: 'unpaired',
      quiet: true,
      reason: 'not from a paired cashier link',
      strict,
      paired,
    };
  }
  return { kind: 'pass', strict, paired };
}

/**
 * A message from a sender let in is taken only on a mint the merchant accepts (not even a paired
 * cashier adds one), and only when unlocked or locked to the merchant's `lockPubkey`: a quote
 * locked to another key can never be minted here. Refusals are quiet when `strict`. A quote in
 * another unit than the till's (`tillUnit`: a sat quote from an unpaired or older cashier page at
 * a dollar till, cents after the till went back to sats) is taken into that unit's balance and
 * marked `otherUnit`: it is locked to this merchant, so refusing it would leave a customer's
 * payment at the mint (decision 0115, which replaces 0092's refusal).
 */
export function judgeMessage(
  message: PaymentMessage,
  strict: boolean,
  accepted: readonly string[],
  lockPubkey: string,
  tillUnit: Unit = 'sat',
): MessageVerdict {
  const mintUrl = acceptedMintFor(message.mint, accepted);
  if (mintUrl === undefined) {
    return { kind: 'refuse', refusal: 'mint', quiet: strict, reason: 'quote is for another mint' };
  }
  if (message.pubkey !== undefined && message.pubkey !== lockPubkey) {
    return { kind: 'refuse', quiet: strict, reason: 'quote is locked to another key' };
  }
  return { kind: 'accept', mintUrl, ...(message.unit !== tillUnit ? { otherUnit: true } : {}) };
}

/**
 * The quote as taken from this sender: a person's link names them on it (marked when the link
 * was revoked); undefined for a revoked link's quote the mint does not yet call paid
 * (docs/protocol.md "Staff links").
 */
export function quoteTakenFrom(
  sender: SenderVerdict,
  quote: PendingMintQuote,
): PendingMintQuote | undefined {
  if (!sender.staff) return quote;
  if (sender.revoked && quote.state !== 'PAID') return undefined;
  const staff = { ...sender.staff, ...(sender.revoked ? { afterRevocation: true as const } : {}) };
  return { ...quote, staff };
}
