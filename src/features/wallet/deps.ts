// What the wallet screen needs from the app's services (a structural subset of AppServices).
import type { TillStaff } from '../../core/staff/till-staff';
import type { PriceService } from '../../core/prices/price-service';
import type { WalletUpdateListener } from '../../core/events';
import type { Logger } from '../../core/logger';
import type { PhraseCheckStore } from '../../core/keys/phrase-check';
import type { Clock } from '../../core/clock';
import type { ConfigStore } from '../../core/settings/ports';
import type { BooksSettingsStore } from '../../core/settings/books-settings';
import type { HistoryStore } from '../../core/history-ports';
import type { KeyStore } from '../../core/keys/ports';
import type { PendingMelt } from '../../core/wallet/cash-out/ports';
import type { PendingWithdrawal } from '../../core/wallet/withdraw/ports';
import type { ProofStore } from '../../core/wallet/proof-ports';
import type { HistoryRangeReader } from '../../core/records/types';
import type { Unit } from '../../core/units/unit';
import type { TillUnitStore } from '../../core/settings/till-unit';
import type {
  CashOutQuote,
  CashOutResult,
  Spendable,
} from '../../core/wallet/cash-out/cash-out-service';
import type { PinGate } from '../../ui/pin/PinPrompt';
import type { ChecksOutcome } from '../../core/wallet/proof-states/proof-reconciler';
import type { ForeignFailedService } from './ForeignFailed';
import type { OfflineSalesService } from './OfflineSales';
import type { WithdrawPreparation, WithdrawResult } from '../../core/wallet/withdraw/withdraw-plan';
import type {
  CancelTokenResult,
  CreateTokenOptions,
  WithdrawAvailability,
} from '../../core/wallet/withdraw/withdraw-service';

/** A person's shifts at this till (ShiftPanel): open, close, the report, and who may. */
export type ShiftService = Pick<
  TillStaff,
  'shifts' | 'startShift' | 'endShift' | 'report' | 'allows'
>;

export interface WalletServices {
  /**
   * Who is at the till (decision 0066): a refund is refused to a role that may not; omitted:
   * allowed. Also the shifts (ShiftPanel), shown only with it, and the people Records reports on.
   */
  staff?: ShiftService & Pick<TillStaff, 'current'> & Partial<Pick<TillStaff, 'list'>>;
  /** the display currency a shift's drawer is counted in; omitted: sats */
  prices?: Pick<PriceService, 'settings'>;
  storage: {
    /** `unitBalances`: the balances in other units beside the sats; sats only when omitted */
    proofs: Pick<ProofStore, 'balance' | 'balancesByMint'> &
      Partial<Pick<ProofStore, 'unitBalances'>>;
    history: Pick<HistoryStore, 'page'>;
    /** the current mint, to tell it apart in the per-mint list; the shop name for receipts */
    config: Pick<ConfigStore, 'getMintUrl'> & Partial<Pick<ConfigStore, 'getShopName'>>;
    /** the recovery phrase reminder; no reminder when omitted */
    phraseCheck?: PhraseCheckStore;
    keys?: Pick<KeyStore, 'getMnemonic'>;
    /** history by time for Export and Today; the records section is left out when omitted */
    historyRange?: HistoryRangeReader;
    /** the shop's address and tax number on receipts (decision 0064); left off when omitted */
    books?: Pick<BooksSettingsStore, 'get'>;
    /** the unit the till charges in, which the balance leads with; sats when omitted */
    tillUnit?: Pick<TillUnitStore, 'getTillUnit'>;
  };
  clock?: Clock;
  /** a mint's own name (NUT-06 info) for the balance per mint; URLs only when omitted */
  mintName?: (mintUrl: string) => Promise<string>;
  withdraw: {
    /** `mintUrl`: another mint's balance instead of the current mint's */
    prepare(options?: { mintUrl?: string }): Promise<WithdrawPreparation>;
    createToken(options?: CreateTokenOptions): Promise<WithdrawResult>;
    listPending(): Promise<PendingWithdrawal[]>;
    /** available vs. in pending tokens, for the current mint */
    availability(): Promise<WithdrawAvailability>;
    /** the same for the current mint's ecash in a unit; no unit buttons when omitted */
    unitAvailability?(unit: Unit, mintUrl?: string): Promise<WithdrawAvailability>;
    /** takes a pending token's sats back (PIN-gated like Withdraw) */
    cancelToken(withdrawalId: string): Promise<CancelTokenResult>;
  };
  /** Lightning cash-out (core/wallet/cash-out). */
  cashOut: {
    /**
     * `unit`: paid from that unit's balance at the mint's rate; sats when omitted. `mintUrl`: from
     * that mint's balance (another mint's unit line); the current mint when omitted.
     */
    prepare(
      invoice: string,
      destination?: string,
      description?: string,
      unit?: Unit,
      mintUrl?: string,
    ): Promise<CashOutQuote>;
    /** `acceptFee`: the merchant confirmed fees above the limit */
    pay(plan: CashOutQuote, options?: { acceptFee?: boolean }): Promise<CashOutResult>;
    listPending(): Promise<PendingMelt[]>;
    /** for "Cash out everything", of the sats or of a unit (at a mint) */
    spendable(unit?: Unit, mintUrl?: string): Promise<Spendable>;
  };
  /**
   * Refresh first asks each mint which stored proofs are still unspent (docs/behaviour.md
   * "Wallet"); Refresh only re-reads when omitted.
   */
  proofStates?: { checkAll(): Promise<ChecksOutcome> };
  /** Ecash from other mints that could not be settled; no card when omitted. */
  foreignFailed?: ForeignFailedService;
  /** Sales taken while the mint could not be reached, with where each stands; no card when omitted. */
  offlineEcash?: OfflineSalesService;
  events: { onUpdated(listener: WalletUpdateListener): () => void };
  logger: Logger;
  /** The merchant PIN in front of Withdraw and Cash out; omitted: never asked. */
  lock?: PinGate;
}
