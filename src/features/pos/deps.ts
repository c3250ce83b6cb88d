// What the point-of-sale screen needs from the app's services (a structural subset of AppServices).
import type { WalletEvents } from '../../core/events';
import type { Logger } from '../../core/logger';
import type { ProofStore } from '../../core/ports';
import type { PaymentService } from '../../core/wallet/receive/payment-service';

/** Creating invoices and hearing how they end; AppServices.payments satisfies it. */
export type PosPayments = Pick<
  PaymentService,
  'createInvoice' | 'setForeground' | 'setShown' | 'onSettled' | 'onFailed' | 'latestWaiting'
>;

export interface PosServices {
  payments: PosPayments;
  storage: { proofs: Pick<ProofStore, 'balance'> };
  events: Pick<WalletEvents, 'onUpdated'>;
  logger: Logger;
}

export interface PosScreenProps {
  services: PosServices;
}
