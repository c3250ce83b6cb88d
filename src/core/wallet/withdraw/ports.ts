// The pending withdrawal port: tokens watched until spent, and consolidation journal rows.
import type { RefundLink } from '../../history-ports';
import type { CounterReservation } from '../mint/ports';
import type { Unit } from '../../units/unit';

/** A withdrawal token whose proofs are watched until the mint reports them spent (schema v8). */
export interface PendingWithdrawal {
  id: string;
  mintUrl: string;
  token: string;
  secrets: string[];
  /** in `unit`'s minor units */
  amount: number;
  /**
   * The unit of the token's proofs, and of a journal's swap (its keyset's), when not sats
   * (docs/decisions/0067-amounts-carry-their-unit.md); absent: sats, as every row before units.
   */
  unit?: Unit;
  createdAt: number;
  /**
   * Present on a consolidation journal row instead of a watched token: the swap of `inputSecrets`
   * into outputs of `reservation` may have reached the mint. Such a row has no token and no
   * secrets; it is finished by NUT-09 restore + NUT-07 check, never by swapping again.
   */
  consolidation?: {
    reservation: CounterReservation;
    inputSecrets: string[];
    /**
     * Set when the swap cancels a withdrawal token (its inputs are that token's proofs): finishing
     * it also closes the token's row and records the cancel (Ledger.finishConsolidation).
     */
    cancels?: string;
  };
  /**
   * A token being cancelled in more than one swap (over MAX_SWAP_INPUTS proofs): the fee the
   * finished swaps cost so far, recorded with the cancel when the last one finishes.
   */
  cancelFee?: number;
  /**
   * Set when the token refunds a sale (docs/behaviour.md "Refunds"): it counts against what is
   * left of the sale while pending, and its redemption is recorded as type 'refund'.
   */
  refund?: RefundLink;
}

export interface WithdrawalStore {
  put(withdrawal: PendingWithdrawal): Promise<void>;
  /**
   * One transaction: writes a token's row only if every one of its proofs is still stored and
   * unspent (not flagged by a melt) and held by no other token (decision 0015). False, writing
   * nothing, otherwise: a cash-out or another withdrawal took some of them meanwhile.
   */
  putToken(withdrawal: PendingWithdrawal): Promise<boolean>;
  list(): Promise<PendingWithdrawal[]>;
  remove(id: string): Promise<void>;
}
