// The checks a till makes on ecash with no network (docs/protocol.md "Ecash taken offline"): the
// keyset as last seen at the mint, every NUT-12 DLEQ, the NUT-11 lock to the shop's key with no
// refund path before the redemption window, the unit and the amount after the fee, and no proof
// taken twice. The caps are the caller's (they need the totals read in the taking transaction).
import { Keyset, parseP2PKSecret, type Secret } from '@cashu/cashu-ts';
import type { NewProof } from '../../proof-ports';
import { failingDleqs, type DleqItem } from '../proof-dleq';
import type { CachedKeyset } from './offline-ports';
import { OfflineRefusedError } from './offline-refusal';

/** How long a till may stay offline and still redeem: a refund path must stay shut this long. */
export const REDEMPTION_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

export interface OfflineCheckInput {
  /** parsed for shape already (ecash-input.ts): no secret twice within the token */
  proofs: NewProof[];
  /** the token's unit; the sale is in sats */
  unit: string;
  /** the mint's keysets as cached at the last contact */
  keysets: CachedKeyset[];
  /** the shop's lock key, compressed hex (ecash-lock.ts) */
  lockPubkey: string;
  /** the sale's amount in sats */
  amount: number;
  /** unix milliseconds */
  now: number;
  windowMs?: number;
}

export interface OfflineChecked {
  /** the sats the proofs carry */
  paid: number;
  /** the mint's input fee for the later swap (NUT-02) */
  fee: number;
}

/** The keyset id really derives from the cached keys (NUT-02), so a tampered cache is refused. */
function keysetSound(keyset: CachedKeyset): boolean {
  try {
    return Keyset.verifyKeysetId({
      id: keyset.id,
      unit: keyset.unit,
      active: keyset.active,
      input_fee_ppk: keyset.inputFeePpk,
      ...(keyset.finalExpiry !== undefined ? { final_expiry: keyset.finalExpiry } : {}),
      keys: keyset.keys,
    });
  } catch {
    return false;
  }
}

function tagValues(secret: Secret, key: string): string[] {
  const tag = secret[1].tags?.find((t) => t[0] === key);
  return tag ? tag.slice(1) : [];
}

/**
 * The lock of one proof, or why it is refused: P2PK to `lockPubkey` alone (no other signer, one
 * signature, SIG_INPUTS), and a locktime, if any, no earlier than `openAfter` (unix seconds):
 * after it NUT-11 lets the refund keys, or anyone when there are none, spend the proof.
 */
function lockProblem(
  proof: NewProof,
  lockPubkey: string,
  openAfter: number,
): 'not-locked' | 'locked-elsewhere' | 'refund-opens' | null {
  let secret: Secret;
  try {
    if (!proof.secret.trimStart().startsWith('[')) return 'not-locked';
    secret = parseP2PKSecret(proof.secret);
  } catch {
    return 'not-locked';
  }
  if (secret[0] !== 'P2PK') return 'not-locked';
  const signers = [secret[1].data, ...tagValues(secret, 'pubkeys')].map((k) => k.toLowerCase());
  if (signers.some((key) => key !== lockPubkey)) return 'locked-elsewhere';
  const sigflag = tagValues(secret, 'sigflag')[0] ?? 'SIG_INPUTS';
  const nSigs = Number(tagValues(secret, 'n_sigs')[0] ?? '1');
  if (sigflag !== 'SIG_INPUTS' || nSigs !== 1) return 'locked-elsewhere';
  const locktime = tagValues(secret, 'locktime')[0];
  if (locktime !== undefined) {
    const at = Number(locktime);
    if (!Number.isSafeInteger(at) || at < openAfter) return 'refund-opens';
  }
  return null;
}

/**
 * Throws OfflineRefusedError at the first check that fails; `taken` says whether a secret was seen.
 * The DLEQs, the costly part, are checked last and all at once (proof-dleq.ts).
 */
export function checkOfflineEcash(
  input: OfflineCheckInput,
  taken: (secret: string) => boolean,
): OfflineChecked {
  const window = input.windowMs ?? REDEMPTION_WINDOW_MS;
  if (input.unit !== 'sat') throw new OfflineRefusedError({ kind: 'wrong-unit', unit: input.unit });
  const lockPubkey = input.lockPubkey.toLowerCase();
  const openAfter = Math.ceil((input.now + window) / 1000);
  const byId = new Map(input.keysets.map((k) => [k.id, k]));
  const sound = new Map<string, boolean>();
  const dleqs: DleqItem[] = [];
  let paid = 0;
  let feePpk = 0;
  for (const proof of input.proofs) {
    const keyset = byId.get(proof.id);
    if (!keyset) throw new OfflineRefusedError({ kind: 'no-keyset' });
    if (!sound.has(keyset.id)) sound.set(keyset.id, keysetSound(keyset));
    if (!sound.get(keyset.id)) throw new OfflineRefusedError({ kind: 'no-keyset' });
    if (keyset.unit !== 'sat') {
      throw new OfflineRefusedError({ kind: 'wrong-unit', unit: keyset.unit });
    }
    if (keyset.finalExpiry !== undefined && keyset.finalExpiry < openAfter) {
      throw new OfflineRefusedError({ kind: 'keyset-expires' });
    }
    const key = keyset.keys[String(proof.amount)];
    if (!key) throw new OfflineRefusedError({ kind: 'no-keyset' });
    if (!proof.dleq || proof.dleq.r === undefined)
      throw new OfflineRefusedError({ kind: 'no-dleq' });
    dleqs.push({ proof, mintKey: key });
    const lock = lockProblem(proof, lockPubkey, openAfter);
    if (lock === 'refund-opens') {
      throw new OfflineRefusedError({ kind: lock, days: Math.ceil(window / 86_400_000) });
    }
    if (lock) throw new OfflineRefusedError({ kind: lock });
    if (taken(proof.secret)) throw new OfflineRefusedError({ kind: 'taken-before' });
    paid += proof.amount;
    feePpk += keyset.inputFeePpk;
  }
  const [bad] = failingDleqs(dleqs);
  if (bad !== undefined) {
    const amount = input.proofs[bad]!.amount;
    throw new OfflineRefusedError({ kind: 'bad-dleq', proof: bad + 1, amount });
  }
  // NUT-02: the swap's fee is the inputs' fees summed, rounded up to a whole sat.
  const fee = Math.floor((feePpk + 999) / 1000);
  if (paid - fee < input.amount) {
    throw new OfflineRefusedError({ kind: 'short', paid, fee, amount: input.amount });
  }
  return { paid, fee };
}
