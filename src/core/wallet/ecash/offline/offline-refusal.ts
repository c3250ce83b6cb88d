// Why a till without its mint refuses ecash: a kind the screens can name, and the English message
// shown today (docs/protocol.md "Ecash taken offline").
import { formatSats } from '../../../format-sats';
import { ValidationError } from '../../../errors';

export type OfflineRefusal =
  | { kind: 'no-keyset' }
  | { kind: 'keyset-expires' }
  | { kind: 'wrong-unit'; unit: string }
  | { kind: 'no-dleq' }
  /** `proof`: the first failing proof's place in the token (from 1), and its amount */
  | { kind: 'bad-dleq'; proof?: number; amount?: number }
  | { kind: 'not-locked' }
  | { kind: 'locked-elsewhere' }
  | { kind: 'refund-opens'; days: number }
  | { kind: 'short'; paid: number; fee: number; amount: number }
  | { kind: 'taken-before' }
  | { kind: 'till-locked' }
  | { kind: 'cap-sale'; cap: number }
  | { kind: 'cap-day'; cap: number; left: number }
  | { kind: 'cap-outstanding'; cap: number; left: number }
  | { kind: 'off' };

export function offlineRefusalMessage(refusal: OfflineRefusal): string {
  switch (refusal.kind) {
    case 'no-keyset':
      return 'Offline: this ecash is from a keyset the till has not seen at its mint';
    case 'keyset-expires':
      return "Offline: this ecash's keyset expires before the till can redeem it";
    case 'wrong-unit':
      return `Offline: this ecash is in ${refusal.unit}, the sale is in sats`;
    case 'no-dleq':
      return "Offline: this ecash carries no proof of the mint's signature (DLEQ)";
    case 'bad-dleq':
      return refusal.proof === undefined
        ? "Offline: the mint's signature on this ecash does not check out"
        : `Offline: the mint's signature on proof ${refusal.proof} of this ecash does not check out`;
    case 'not-locked':
      return 'Offline: this ecash is not locked to the shop';
    case 'locked-elsewhere':
      return 'Offline: this ecash is locked to another key';
    case 'refund-opens':
      return `Offline: this ecash can be taken back within ${refusal.days} days`;
    case 'short':
      return `Offline: this ecash is ${formatSats(refusal.paid)} sats less the mint's ${formatSats(refusal.fee)} sat fee; the sale is ${formatSats(refusal.amount)} sats`;
    case 'taken-before':
      return 'Offline: this ecash was already taken';
    case 'till-locked':
      return 'Offline: unlock the till to take ecash';
    case 'cap-sale':
      return `Offline: sales above ${formatSats(refusal.cap)} sats need the mint`;
    case 'cap-day':
      return `Offline: today's offline limit of ${formatSats(refusal.cap)} sats leaves ${formatSats(refusal.left)} sats`;
    case 'cap-outstanding':
      return `Offline: ecash waiting to be redeemed may not pass ${formatSats(refusal.cap)} sats (${formatSats(refusal.left)} sats left)`;
    case 'off':
      return 'Offline ecash is turned off in Settings';
  }
}

/** A check of the offline path failed: nothing was stored. */
export class OfflineRefusedError extends ValidationError {
  constructor(readonly refusal: OfflineRefusal) {
    super(offlineRefusalMessage(refusal));
  }
}
