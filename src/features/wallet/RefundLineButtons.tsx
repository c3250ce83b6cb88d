// Under a receipt: a refund of one item line, its amount that line's and its record naming the
// line, so the line's counted stock comes back when the refund is recorded (docs/behaviour.md
// "Refunds").
import { lineRefund } from '../../core/receipts/refund-lines';
import type { SaleLine } from '../../core/sale/sale-detail';
import type { RefundedLine } from '../../core/history-ports';
import { Button } from '../../ui/Button';
import { useTexts } from '../../ui/i18n';
import { REFUND_LINE } from './locales/cash-out/en.json';

export function RefundLineButtons({
  lines,
  left,
  onRefund,
}: {
  lines: readonly SaleLine[];
  /** sats of the sale left to refund: a line's refund is never more */
  left: number;
  onRefund: (sats: number, line: RefundedLine) => void;
}) {
  const t = useTexts();
  const refunds = lines.flatMap((line) => {
    const refund = lineRefund(line);
    return refund && refund.sats > 0 ? [refund] : [];
  });
  if (refunds.length === 0) return null;
  return (
    <>
      {refunds.map((refund, i) => (
        <Button
          key={`${i}-${refund.line.name}`}
          variant="outline"
          onClick={() => onRefund(Math.min(left, refund.sats), refund.line)}
        >
          {t(REFUND_LINE, { name: refund.line.name })}
        </Button>
      ))}
    </>
  );
}
