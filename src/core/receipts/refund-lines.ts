// A refund of one line of a sale: what it gives back in sats (its price less its discounts, with
// the tax added on top) and the line the refund record names, so its stock comes back
// (docs/behaviour.md "Refunds", docs/protocol.md "Stock").
import type { RefundedLine } from '../history-ports';
import { taxIn } from '../sale/tax';
import type { SaleLine } from '../sale/sale-detail';

export interface LineRefund {
  /** sats the line cost the customer (never more than `left` of the sale: the caller caps it) */
  sats: number;
  line: RefundedLine;
}

/** The refund of all of `line`; undefined for a keypad amount, which has no stock to raise. */
export function lineRefund(line: SaleLine): LineRefund | undefined {
  if (line.itemId === undefined) return undefined;
  const net = line.unitSats * line.quantity - (line.discountSats ?? 0);
  const added = line.taxIncluded ? 0 : (line.taxSats ?? taxIn(net, line.taxRatePercent));
  return {
    sats: Math.max(0, net + added),
    line: {
      name: line.name,
      itemId: line.itemId,
      quantity: line.quantity,
      ...(line.options ? { options: line.options.map((o) => ({ ...o })) } : {}),
    },
  };
}
