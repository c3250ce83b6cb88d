// The foreign ecash port: ecash of other mints journaled until melted there or handed back.
import type { FiatRecord } from '../../../prices/currencies';
import type { Settlement } from '../../ledger-ports';
import type { PendingMintQuote } from '../../mint/ports';
import type { NewProof } from '../../proof-ports';
import type { EcashPaymentEventInput, EcashSaleLines } from '../ports';

/**
 * Ecash of a mint the merchant does not accept, being melted there to pay an invoice of the
 * merchant's mint (schema v32; docs/protocol.md "Ecash from other mints"). The customer's proofs
 * stay here until the merchant's mint has issued the invoice's ecash.
 */
export interface PendingForeignEcash {
  /** the receipt id, as for `PendingEcashReceipt` (request id, or `token:` and a secret) */
  id: string;
  /** the other mint, as `usableMintUrl` gives it */
  foreignMint: string;
  /** the customer's proofs: the melt's inputs */
  inputs: NewProof[];
  /** the other mint's melt quote paying `mintQuote.request` */
  meltQuote: string;
  /** the other mint's fee reserve and input fee for that melt */
  feeReserve: number;
  inputFee: number;
  /** our invoice at the merchant's mint; minted as a quote once it is paid (QuoteMinter) */
  mintQuote: PendingMintQuote;
  /** the sale's amount; what arrives beyond it is the tip */
  saleAmount: number;
  /**
   * 'failed': the other mint refused the melt later, or said it paid and the payment never came
   * (after `unarrivedLooks` or days); the proofs are kept, nothing is retried
   */
  state: 'melting' | 'failed';
  /**
   * why and when (unix ms) a row became 'failed', for the merchant to see; `kind` 'refused': the
   * other mint did not take the proofs (they can be handed back), 'unarrived': it spent them
   */
  failure?: { reason: string; at: number; kind?: 'refused' | 'unarrived' };
  /** start-up looks that found the other mint's PAID with our invoice still unpaid */
  unarrivedLooks?: number;
  createdAt: number;
  fiat?: FiatRecord;
  sale?: EcashSaleLines;
  /** the invoice of the same sale (NUT-18), closed in the transaction that records the ecash */
  closesQuote?: string;
}

export interface ForeignEcashStore {
  get(id: string): Promise<PendingForeignEcash | undefined>;
  /** the row whose `mintQuote.quote` is this */
  byQuote(quote: string): Promise<PendingForeignEcash | undefined>;
  /** oldest first */
  list(): Promise<PendingForeignEcash[]>;
  update(id: string, changes: Partial<Omit<PendingForeignEcash, 'id'>>): Promise<void>;
  remove(id: string): Promise<void>;
  /** One transaction: journal the row unless one with its id is journaled or was recorded. */
  begin(row: PendingForeignEcash): Promise<boolean>;
  /** One transaction: drop a failed row (its proofs handed back); false when none is failed. */
  closeFailed(id: string): Promise<boolean>;
  /** One transaction: a failed row back to 'melting', its failure and looks cleared. */
  reopen(id: string): Promise<boolean>;
  /**
   * One transaction: store the minted proofs, record the sale, drop the row (with the customer's
   * spent proofs) and the invoice it closes. Settled false, writing nothing, when the row is gone.
   */
  settle(args: {
    id: string;
    mintUrl: string;
    proofs: NewProof[];
    event: EcashPaymentEventInput;
  }): Promise<Settlement>;
}
