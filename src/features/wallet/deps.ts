// What the wallet screen needs from the app's services (a structural subset of AppServices).
import type { WalletUpdateListener } from '../../core/events';
import type { Logger } from '../../core/logger';
import type { HistoryStore, PendingWithdrawal, ProofStore } from '../../core/ports';
import type { WithdrawPreparation, WithdrawResult } from '../../core/wallet/withdraw/withdraw-plan';

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
  events: { onUpdated(listener: WalletUpdateListener): () => void };
  logger: Logger;
}
