// The sale an ecash payment records: the lines it was for (a cart's, a remote cashier's, or the
// amount as one line), a cart's tip kept and the overpayment added to it, paid in ecash.
import type { EcashSaleLines } from './ports';
import { KEYPAD_LINE_NAME } from '../../sale/line-names';
import type { SaleDetail } from '../../sale/sale-detail';

/** `lines` adds up to `saleAmount`; `arrived` is what the swap or mint brought in. */
export function ecashSale(
  lines: EcashSaleLines | undefined,
  saleAmount: number,
  arrived: number,
): SaleDetail {
  const parts = lines ?? {
    lines: [{ name: KEYPAD_LINE_NAME, quantity: 1, unitSats: saleAmount }],
    subtotalSats: saleAmount,
    taxSats: 0,
  };
  return {
    ...parts,
    tipSats: (parts.tipSats ?? 0) + Math.max(0, arrived - saleAmount),
    method: 'ecash',
  };
}
