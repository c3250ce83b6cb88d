// Recording a sale paid in cash: the sale's lines (a keypad amount as one line) paid by cash, with
// who took it; one history row, no proof moves, so the balance never counts it
// (docs/behaviour.md "Cash sales").
import { ValidationError } from '../errors';
import { KEYPAD_LINE_NAME } from '../sale/line-names';
import { checkSale } from '../sale/sale-check';
import { paidBy, type Sale } from '../sale/sale';
import type { SaleDetail } from '../sale/sale-detail';
import type { CashSaleRecorder } from './ports';

export const CASH_AMOUNT_MESSAGE = 'Enter an amount above 0';

/** The detail a cash sale records: the cart's lines, else the keypad amount as one line. */
function cashDetail(sale: Sale): SaleDetail {
  return (
    paidBy(sale, 'cash') ?? {
      lines: [{ name: KEYPAD_LINE_NAME, quantity: 1, unitSats: sale.amount }],
      subtotalSats: sale.amount,
      taxSats: 0,
      tipSats: 0,
      method: 'cash',
    }
  );
}

/** Records `sale` as paid in cash; resolves with its history id. */
export async function recordCashSale(recorder: CashSaleRecorder, sale: Sale): Promise<number> {
  if (!Number.isSafeInteger(sale.amount) || sale.amount <= 0) {
    throw new ValidationError(CASH_AMOUNT_MESSAGE);
  }
  const detail = checkSale(cashDetail(sale), sale.amount);
  return recorder.addCashSale({
    amount: sale.amount,
    ...(sale.unit && sale.unit !== 'sat' ? { unit: sale.unit } : {}),
    sale: detail,
    ...(sale.fiat ? { fiat: sale.fiat } : {}),
    ...(sale.staff ? { staff: sale.staff } : {}),
  });
}
