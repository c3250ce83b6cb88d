// The NUT-18 request a till shows when it cannot reach its mint: no transport (the customer's
// wallet shows a token the till scans or is handed), the mint it takes, and a NUT-10 P2PK lock
// to the shop's key, so the ecash can be checked and kept without the mint (docs/protocol.md
// "Ecash taken offline").
import { PaymentRequest } from '@cashu/cashu-ts';
import { newRequestId, saleDescription } from '../sale-request';

export interface OfflineRequestInput {
  amount: number;
  mintUrl: string;
  shopName: string;
  /** the shop's ecash lock key, compressed hex (ecash-lock.ts) */
  lockPubkey: string;
  id?: string;
}

export function offlineSaleRequest(input: OfflineRequestInput): PaymentRequest {
  return new PaymentRequest(
    [],
    input.id ?? newRequestId(),
    input.amount,
    'sat',
    [input.mintUrl],
    saleDescription(input.shopName, input.amount),
    true,
    { kind: 'P2PK', data: input.lockPubkey, tags: [['sigflag', 'SIG_INPUTS']] },
  );
}
