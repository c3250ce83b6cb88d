// A sale's receipt as the screen and the printer show it: shop with address and tax number,
// receipt number, date and time, lines, discounts, tax by rate, tip, total in sats and fiat,
// payment method, reference and refunds (docs/behaviour.md "Receipts").
import type { Receipt } from '../domain-views';
import { useFormats, useTexts } from '../i18n';
import { RECEIPT_FIAT, RECEIPT_PAID_WITH, RECEIPT_REFUND_METHOD } from '../locales/receipt/en.json';
import { useReceiptWords } from './receipt-words';
import { receiptAmount } from '../domain-views';

/** The receipt's figures (core/receipts/receipt.ts builds them). */
export type ReceiptData = Omit<Receipt, 'saleId'>;

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-2 ${strong ? 'font-semibold' : ''}`}>
      <dt className="min-w-0 break-words">{label}</dt>
      <dd className="shrink-0 text-right tabular-nums">{value}</dd>
    </div>
  );
}

export function ReceiptView({ receipt }: { receipt: ReceiptData }) {
  const t = useTexts();
  const formats = useFormats();
  const words = useReceiptWords();
  // Sats, or the fiat unit the sale was charged in (docs/behaviour.md "Receipts").
  const sats = receiptAmount(receipt, words);
  const withParts = receipt.taxSats > 0 || receipt.tipSats > 0 || receipt.discountSats > 0;
  return (
    <div className="space-y-2 text-sm text-slate-900 print:text-xs" data-testid="receipt">
      <div className="text-center">
        {receipt.shopName ? (
          <p className="break-words text-base font-semibold" data-testid="receipt-shop">
            {receipt.shopName}
          </p>
        ) : null}
        {receipt.shopAddress ? (
          <p className="whitespace-pre-line break-words" data-testid="receipt-address">
            {receipt.shopAddress}
          </p>
        ) : null}
        {receipt.shopTaxNumber ? (
          <p data-testid="receipt-tax-number">{words.taxNumber(receipt.shopTaxNumber)}</p>
        ) : null}
        {receipt.number ? (
          <p className="font-semibold" data-testid="receipt-number">
            {words.receiptNumber(receipt.number)}
          </p>
        ) : null}
        <p data-testid="receipt-date">
          {receipt.date} {receipt.time}
        </p>
        <p className="break-all" data-testid="receipt-reference">
          {words.reference(receipt.reference)}
        </p>
      </div>
      <ul className="space-y-1 border-y border-dashed border-slate-400 py-2">
        {receipt.lines.map((line, index) => (
          <li key={index} data-testid="receipt-line">
            <div className="flex justify-between gap-2">
              <span className="min-w-0 break-words">
                {line.quantity === 1 ? line.name : `${line.quantity} × ${line.name}`}
                {line.rate ? ` (${formats.number(line.rate)} %)` : ''}
              </span>
              <span className="shrink-0 text-right tabular-nums">{sats(line.totalSats)}</span>
            </div>
            {line.discountReason ? (
              <p className="pl-2 text-xs text-slate-600">{words.discount(line.discountReason)}</p>
            ) : null}
          </li>
        ))}
      </ul>
      <dl className="space-y-1">
        {withParts ? <Row label={words.subtotal} value={sats(receipt.subtotalSats)} /> : null}
        {receipt.discountSats > 0 ? (
          <Row
            label={words.discount(receipt.discountReason)}
            value={`-${sats(receipt.discountSats)}`}
          />
        ) : null}
        {receipt.rates.length === 0 && receipt.taxSats > 0 ? (
          <Row label={words.tax} value={sats(receipt.taxSats)} />
        ) : null}
        {receipt.tipSats > 0 ? <Row label={words.tip} value={sats(receipt.tipSats)} /> : null}
        <Row label={words.total} value={sats(receipt.totalSats)} strong />
        {receipt.rates.length > 0 ? (
          <div className="space-y-1 border-t border-dashed border-slate-400 pt-1">
            {receipt.rates.map((rate) =>
              rate.rate === null ? (
                <Row key="none" label={words.tax} value={sats(rate.taxSats)} />
              ) : (
                <div key={rate.rate} data-testid="receipt-rate" data-rate={rate.rate}>
                  <Row label={words.rateNet(rate.rate)} value={sats(rate.netSats)} />
                  <Row label={words.rateTax(rate.rate)} value={sats(rate.taxSats)} />
                  <Row label={words.rateGross(rate.rate)} value={sats(rate.grossSats)} />
                </div>
              ),
            )}
          </div>
        ) : null}
        {receipt.fiat ? <Row label={t(RECEIPT_FIAT)} value={receipt.fiat} /> : null}
        <Row label={t(RECEIPT_PAID_WITH)} value={receipt.method} />
      </dl>
      {receipt.refunds.length > 0 ? (
        <dl className="space-y-1 border-t border-dashed border-slate-400 pt-2">
          {receipt.refunds.map((refund) => (
            <Row
              key={refund.id}
              label={t(RECEIPT_REFUND_METHOD, {
                date: refund.date,
                time: refund.time,
                method: refund.method,
              })}
              value={`-${sats(refund.sats)}`}
            />
          ))}
          <Row label={words.left} value={sats(receipt.leftSats)} strong />
        </dl>
      ) : null}
    </div>
  );
}
