// What the wallet screen needs from the app's services (a structural subset of AppServices).
import type { WalletUpdateListener } from '../../core/events';
import type { Logger } from '../../core/logger';
import type { HistoryStore, PendingMelt, PendingWithdrawal, ProofStore } from '../../core/ports';
import type { CashOutQuote, CashOutResult } from '../../core/wallet/cash-out/cash-out-service';
import type { WithdrawPreparation, WithdrawResult } from '../../core/wallet/withdraw-plan';

export interface WalletServices {
  storage: {
    proofs: Pick<ProofStore, 'balance'>;
    history: Pick<HistoryStore, 'page'>;
  };
  withdraw: {
    prepare(): Promise<WithdrawPreparation>;
    createToken(options?: { consolidate?: boolean; maxFee?: number }): Promise<WithdrawResult>;
    listPending(): Promise<PendingWithdrawal[]>;
  };
  /** Lightning cash-out (core/wallet/cash-out). */
  cashOut: {
    prepare(invoice: string, destination?: string): Promise<CashOutQuote>;
    pay(plan: CashOutQuote): Promise<CashOutResult>;
    listPending(): Promise<PendingMelt[]>;
  };
  events: { onUpdated(listener: WalletUpdateListener): () => void };
  logger: Logger;
}
