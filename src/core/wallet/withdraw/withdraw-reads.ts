// What the wallet screen reads of withdrawals: the pending tokens and what a new one may take.
// Storage reads only, without the protocol code, so the screen's first page is read before the
// services have loaded (docs/performance.md "Wallet at scale"); WithdrawService answers the same.
import type { Logger } from '../../logger';
import type { ConfigStore } from '../../settings/ports';
import type { Unit } from '../../units/unit';
import { AvailableProofs, type AvailableProofsDeps } from '../available-proofs';
import type { PendingWithdrawal } from './ports';

/** What the wallet screen shows beside the balance (docs/behaviour.md "Withdraw"). */
export interface WithdrawAvailability {
  mintUrl: string;
  /** unspent sats not in any pending withdrawal token: what a new withdrawal may take */
  available: number;
  /** unspent sats inside tokens built but not redeemed yet */
  pending: number;
  /** unspent sats the mint holds PENDING for a payment of someone else's (another device) */
  atMint: number;
}

export interface WithdrawReadsDeps extends AvailableProofsDeps {
  config: Pick<ConfigStore, 'getMintUrl'>;
  logger: Logger;
}

export class WithdrawReads {
  private readonly available: AvailableProofs;

  constructor(private readonly deps: WithdrawReadsDeps) {
    this.available = new AvailableProofs(deps);
  }

  /** Tokens built but not (fully) redeemed yet, newest first. */
  async listPending(): Promise<PendingWithdrawal[]> {
    const rows = await this.deps.withdrawals.list();
    // Consolidation journal rows (withdraw-consolidate.ts isJournal) are no token.
    return rows
      .filter((row) => row.consolidation === undefined)
      .sort((a, b) => b.createdAt - a.createdAt);
  }

  /**
   * Available and pending sats of the current mint (or of `mintUrl`); both 0 when it holds
   * nothing. Never rejects: a failed read is logged and counts as nothing available.
   */
  async availability(mintUrl?: string): Promise<WithdrawAvailability> {
    const url = mintUrl ?? (await this.deps.config.getMintUrl().catch(() => ''));
    try {
      return { mintUrl: url, ...(await this.available.sats(url)) };
    } catch (error) {
      this.deps.logger.error('Could not read what is available to withdraw', error);
      return { mintUrl: url, available: 0, pending: 0, atMint: 0 };
    }
  }

  /**
   * What of the current mint's (or `mintUrl`'s) ecash in `unit` a new withdrawal may take, in its
   * minor units (the wallet screen's unit lines). Never rejects: a failed read counts as nothing
   * available.
   */
  async unitAvailability(unit: Unit, mintUrl?: string): Promise<WithdrawAvailability> {
    const url = mintUrl ?? (await this.deps.config.getMintUrl().catch(() => ''));
    try {
      return { mintUrl: url, ...(await this.available.inUnit(url, unit)) };
    } catch (error) {
      this.deps.logger.error(`Could not read what is available to withdraw in ${unit}`, error);
      return { mintUrl: url, available: 0, pending: 0, atMint: 0 };
    }
  }
}
