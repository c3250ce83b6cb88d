// What a paid melt's change says about the fee: the routing fee charged, and change the reserve
// cannot explain, which is kept in the history row (docs/security.md, "Cash-out").
import type { PendingMelt } from './ports';

export interface ChangeCheck {
  /** routing fee charged: inputs - input fee - amount - change, never below 0 */
  feePaid: number;
  /** change beyond what was left over after the amount: the mint returned more than it owed */
  extraChange: number;
  /** routing fee charged beyond the fee reserve the merchant agreed to */
  feeBeyondReserve: number;
}

export function checkChange(
  row: Pick<PendingMelt, 'inputAmount' | 'inputFee' | 'amount' | 'feeReserve'>,
  changeTotal: number,
): ChangeCheck {
  const fee = row.inputAmount - row.inputFee - row.amount - changeTotal;
  return {
    feePaid: Math.max(0, fee),
    extraChange: fee < 0 ? -fee : 0,
    feeBeyondReserve: fee > row.feeReserve ? fee - row.feeReserve : 0,
  };
}
