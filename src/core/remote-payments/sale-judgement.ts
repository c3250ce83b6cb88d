// Which mint a remote sale may use and whether its quote must be locked: the rules both sides
// apply, the merchant to a message and the cashier before it sells
// (docs/protocol.md "Accepted mints and locking"). Pure: callers read the lists and settings and act on the answer.
import type { MerchantProfile } from './merchant-profile';
import { mintUrlKey } from '../urls/normalise-url';

/**
 * Why the merchant refused a message without storing anything, or ('lines') took its quote but
 * not its lines (catalog-lines.ts); counted in Settings.
 */
export type RefusalKind = 'unpaired' | 'mint' | 'unlocked' | 'lines';

/** The accepted mint a message names (as the merchant spells it), or undefined: not accepted. */
export function acceptedMintFor(
  messageMint: string,
  accepted: readonly string[],
): string | undefined {
  const wanted = mintUrlKey(messageMint);
  if (!wanted) return undefined;
  return accepted.find((mint) => mintUrlKey(mint) === wanted);
}

/** `02`/`03` + the same x name one BIP-340 key. */
function sameLockKey(a: string, b: string): boolean {
  return /^0[23]/.test(a) && a.slice(2).toLowerCase() === b.slice(2).toLowerCase();
}

export type LockJudgement =
  { ok: true } | { ok: false; kind: 'unlocked' | 'other-key'; reason: string };

/**
 * A quote locked to the merchant's key is always fine and one locked to another key never is.
 * An unlocked quote is refused when its mint locks quotes now or ever said it could (a mint
 * that drops NUT-20 from its info must not turn locking off), and when the merchant has not
 * chosen to accept sales on mints that cannot lock quotes.
 */
export function judgeQuoteLock(args: {
  /** the lock the mint reports for the quote */
  lock: string | undefined;
  /** the merchant's lock key, `02` + x-only hex */
  lockPubkey: string;
  /** the mint's info lists NUT-20 now */
  locksNow: boolean;
  /** the merchant saw this mint list NUT-20 before */
  lockedBefore: boolean;
  /** the setting "Accept sales on mints that cannot lock quotes" */
  acceptUnlocked: boolean;
}): LockJudgement {
  const { lock, lockPubkey, locksNow, lockedBefore, acceptUnlocked } = args;
  if (lock !== undefined) {
    return sameLockKey(lock, lockPubkey)
      ? { ok: true }
      : { ok: false, kind: 'other-key', reason: 'locked to another key' };
  }
  if (locksNow) return { ok: false, kind: 'unlocked', reason: 'not locked to the merchant' };
  if (lockedBefore) {
    return { ok: false, kind: 'unlocked', reason: 'unlocked, though this mint locked before' };
  }
  if (!acceptUnlocked) {
    return { ok: false, kind: 'unlocked', reason: 'unlocked, and unlocked sales are off' };
  }
  return { ok: true };
}

export interface CashierMintChoice {
  /** where the cashier sells, as the profile spells it */
  mintUrl: string;
  /** the link named a mint the profile does not list: it was not used */
  linkMintRefused: boolean;
  /** the profile says an unlocked quote on this mint is taken */
  unlockedAllowed: boolean;
}

/**
 * The cashier sells only on a mint of the merchant's signed profile: the link's mint when the
 * profile lists it, otherwise the profile's first (the merchant's current mint). Undefined when
 * there is no profile or it lists no mint: the cashier cannot sell then.
 */
export function chooseCashierMint(
  profile: MerchantProfile | undefined,
  linkMint: string | undefined,
): CashierMintChoice | undefined {
  const first = profile?.mints[0];
  if (!profile || first === undefined) return undefined;
  const fromLink = linkMint === undefined ? undefined : acceptedMintFor(linkMint, profile.mints);
  const mintUrl = fromLink ?? first;
  return {
    mintUrl,
    linkMintRefused: linkMint !== undefined && fromLink === undefined,
    unlockedAllowed: acceptedMintFor(mintUrl, profile.unlockedMints ?? []) !== undefined,
  };
}

/** Whether a (newer) profile still lists the mint the cashier sells on. No profile: unknown, yes. */
export function profileStillAccepts(
  profile: MerchantProfile | undefined,
  mintUrl: string,
): boolean {
  if (!profile) return true;
  return acceptedMintFor(mintUrl, profile.mints) !== undefined;
}
