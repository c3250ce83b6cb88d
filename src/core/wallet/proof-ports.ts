// The proof store port: ecash proofs as the wallet keeps them, whole minor units of their keyset's unit (storage implements it).
import type { Amount } from '../units/amount';
import type { Unit } from '../units/unit';

/**
 * An ecash proof as the wallet keeps it (the proof's own fields plus where and whether it is
 * spent).
 */
export interface StoredProof {
  secret: string;
  amount: number;
  /** keyset id */
  id: string;
  C: string;
  dleq?: { e: string; s: string; r?: string };
  /** NUT-11 witness, a JSON string */
  witness?: string;
  /**
   * Minted while the till was locked, with random secrets the phrase cannot restore; swapped
   * for NUT-13 outputs after the PIN is entered (decision 0024).
   */
  random?: true;
  /**
   * When the mint first answered PENDING for this proof in a state check (unix ms): it is being
   * spent by someone else (another device on the phrase), so nothing of ours may spend it until a
   * later check says otherwise (docs/protocol.md "Proof states").
   */
  mintPending?: number;
  /**
   * Y = hash_to_curve(secret), compressed hex: how a mint names the proof in NUT-07. Kept once a
   * state check worked it out (about half a millisecond each), so later checks do not again; it
   * spends nothing (docs/security.md).
   */
  Y?: string;
  /**
   * The unit of the proof's keyset (docs/decisions/0067-amounts-carry-their-unit.md); absent is
   * sat, as every proof stored before units. `amount` is in this unit's minor unit.
   */
  unit?: Unit;
  mintUrl: string;
  createdAt: number;
  isSpent: boolean;
}

/**
 * The mint's signature on a sealed journal output (decision 0030): `C_` and the keyset's public
 * key for the amount are plain; the secret and blinding factor stay sealed until the PIN opens
 * the row, and the proof is unblinded then.
 */
export interface BlindSignature {
  sealed: { k: string; c: string };
  C_: string;
  /** the mint's public key for this amount (hex) */
  K: string;
  dleq?: { e: string; s: string };
}

/**
 * A proof as it arrives from the mint, before the wallet tags it. With `blind`, `secret` is the
 * row key of a sealed output and `C` is empty: it is stored sealed, counted, and opened later.
 */
export type NewProof = Omit<
  StoredProof,
  'mintUrl' | 'createdAt' | 'isSpent' | 'mintPending' | 'Y'
> & {
  blind?: BlindSignature;
};

/** The unspent total of one unit on one mint: sats and cents side by side, never summed. */
export interface UnitBalance {
  mintUrl: string;
  amount: Amount;
}

/**
 * Which proofs a read returns: one unit's (a spend takes only its own unit's), or 'all' for reads
 * that spend nothing (state checks, finding what is stored).
 */
export type UnitFilter = Unit | 'all';

export interface ProofStats {
  totalProofs: number;
  unspentProofs: number;
  spentProofs: number;
  totalBalance: number;
  totalSpent: number;
}

export interface ProofStore {
  /** Stores proofs as unspent, tagged with the mint. A secret already stored is left unchanged. */
  add(proofs: NewProof[], mintUrl: string): Promise<void>;
  markSpent(secrets: string[]): Promise<void>;
  /** Deletes by secret; returns how many were deleted. */
  remove(secrets: string[]): Promise<number>;
  /**
   * Unspent proofs with their secrets, of `unit` (sat when omitted: every spend written before
   * units spends sats, so none of them can pick a cent); while the till is locked, sealed ones
   * are left out.
   */
  listUnspent(mintUrl?: string, unit?: UnitFilter): Promise<StoredProof[]>;
  /** Which of these secrets are stored unspent; answers while the till is locked too. */
  unspentOf(secrets: string[]): Promise<Set<string>>;
  /** Sum of unspent sats (proofs of other units are not sats and never counted); 0 when the read fails. */
  balance(mintUrl?: string): Promise<number>;
  /** Unspent sats per mint URL as stored, mints with none left out; empty when the read fails. */
  balancesByMint(): Promise<Record<string, number>>;
  /**
   * The unspent total of every unit on every mint (sats included), totals of zero left out;
   * empty when the read fails.
   */
  unitBalances(): Promise<UnitBalance[]>;
  /** Sats only. All zero when the read fails. */
  stats(): Promise<ProofStats>;
}
