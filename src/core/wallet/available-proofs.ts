// What of a mint's unspent proofs may be spent: all but those held by a pending withdrawal token
// (docs/decisions/0015-pending-token-proofs-reserved.md) and those the mint said are being spent
// elsewhere (pending at the mint, docs/decisions/0049-proof-states-reconciled.md). Withdraw,
// cash-out and automatic cash-out all ask here, so the three never disagree on what "available"
// means.
import type { ProofStore, StoredProof } from './proof-ports';
import type { ProofStateStore } from './proof-states/ports';
import type { WithdrawalStore } from './withdraw/ports';
import { mintUrlKey as mintKey } from '../urls/normalise-url';
import { SAT, type Unit } from '../units/unit';

export interface AvailableProofsDeps {
  proofs: Pick<ProofStore, 'listUnspent' | 'balance'>;
  withdrawals: Pick<WithdrawalStore, 'list'>;
  /** sats marked pending at their mint; none are set apart when omitted */
  proofStates?: Pick<ProofStateStore, 'pendingSats'>;
}

/** A mint's unspent proofs, split into what may be spent and what is held. */
export interface ProofsByUse {
  available: StoredProof[];
  /** in a pending withdrawal token */
  pending: StoredProof[];
  /** the mint holds them PENDING for someone else's payment */
  atMint: StoredProof[];
}

/** The same split in sats. */
export interface SatsByUse {
  available: number;
  pending: number;
  atMint: number;
}

export class AvailableProofs {
  constructor(private readonly deps: AvailableProofsDeps) {}

  /**
   * Secrets of every proof held by a watched withdrawal token. Consolidation journal rows hold
   * no token: their inputs are being swapped by the withdraw lock's holder, not reserved.
   */
  async reservedSecrets(): Promise<Set<string>> {
    const rows = await this.deps.withdrawals.list();
    return new Set(rows.filter((row) => row.consolidation === undefined).flatMap((r) => r.secrets));
  }

  /** Splits proofs already read (any mint) by whether a pending token or the mint holds them. */
  async split(proofs: StoredProof[]): Promise<ProofsByUse> {
    const reserved = await this.reservedSecrets();
    const out: ProofsByUse = { available: [], pending: [], atMint: [] };
    for (const proof of proofs) {
      if (reserved.has(proof.secret)) out.pending.push(proof);
      else if (proof.mintPending !== undefined) out.atMint.push(proof);
      else out.available.push(proof);
    }
    return out;
  }

  /** The unspent proofs of `unit` (sats when omitted) stored for exactly `mintUrl`, split. */
  async list(mintUrl: string, unit: Unit = SAT): Promise<ProofsByUse> {
    return this.split(await this.deps.proofs.listUnspent(mintUrl, unit));
  }

  /**
   * The split of one fiat unit's proofs, in its minor units, by listing them: a till holds few
   * proofs of a unit it does not sell in every day, and the running totals keep no pending part.
   */
  async inUnit(mintUrl: string, unit: Unit): Promise<SatsByUse> {
    const split = await this.list(mintUrl, unit);
    const sum = (proofs: StoredProof[]) => proofs.reduce((total, p) => total + p.amount, 0);
    return {
      available: sum(split.available),
      pending: sum(split.pending),
      atMint: sum(split.atMint),
    };
  }

  /**
   * The split in sats, from the per-mint total, the pending tokens and the pending-at-mint sums
   * rather than by listing every proof: the wallet screen and automatic cash-out ask often, and a
   * busy shop holds tens of thousands of proofs. A pending token's proofs stay stored and unspent
   * until its spend settles them in one transaction (Ledger.settleWithdrawal), so its amount is
   * what of the total it holds.
   */
  async sats(mintUrl: string): Promise<SatsByUse> {
    const key = mintKey(mintUrl);
    const [total, rows, atMintByUrl] = await Promise.all([
      this.deps.proofs.balance(mintUrl),
      this.deps.withdrawals.list(),
      this.deps.proofStates?.pendingSats() ?? Promise.resolve({} as Record<string, number>),
    ]);
    const pending = rows
      // A token of another unit holds cents, not sats of this total (decision 0067).
      .filter(
        (row) =>
          row.consolidation === undefined && row.unit === undefined && mintKey(row.mintUrl) === key,
      )
      .reduce((sum, row) => sum + row.amount, 0);
    const atMint = Math.min(Math.max(0, total - pending), atMintByUrl[mintUrl] ?? 0);
    return { available: Math.max(0, total - pending - atMint), pending, atMint };
  }
}
