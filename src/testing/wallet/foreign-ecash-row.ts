// Test helper: a row of the journal of ecash from another mint being melted into ours, failed
// with `failure` or, without one, still melting. Inputs are named by secret suffix with their sats.
import type { PendingForeignEcash } from '../../core/wallet/ecash/foreign/ports';

export const FOREIGN_MINT = 'https://other.example';
export const FOREIGN_KEYSET = '00ad268c4d1f5826';

export function foreignEcashRow(
  id: string,
  sats: { inputs: Record<string, number>; quote: number; sale: number },
  failure?: PendingForeignEcash['failure'],
): PendingForeignEcash {
  return {
    id,
    foreignMint: FOREIGN_MINT,
    inputs: Object.entries(sats.inputs).map(([suffix, amount], i) => ({
      id: FOREIGN_KEYSET,
      amount,
      secret: `${id}-${suffix}`,
      C: '02' + 'abcdef'[i]!.repeat(64),
    })),
    meltQuote: `melt-${id}`,
    feeReserve: 1,
    inputFee: 0,
    mintQuote: {
      quote: `quote-${id}`,
      mintUrl: 'https://ours.example',
      amount: sats.quote,
      request: 'lnbc1',
      kind: 'direct',
      state: 'UNPAID',
      createdAt: 1,
      expiry: null,
    },
    saleAmount: sats.sale,
    state: failure ? 'failed' : 'melting',
    createdAt: 1,
    ...(failure ? { failure } : {}),
  };
}
