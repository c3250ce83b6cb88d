// "Sales on this device": the cashier's recent sales with their state, newest first, until the
// list prunes them, and how many wait to be sent (docs/behaviour.md "Remote cashier").
import { waitsToBeSent, type CashierSale } from '../../core/remote-payments';
import { Card } from '../../ui/Card';
import { useFormats, useTexts, type Formats, type Translate } from '../../ui/i18n';
import { cashierAmountText, confirmedText } from './cashier-amount';
import {
  EXPIRED_TEXT,
  PAID_WAITING_TEXT,
  SALES_HEADING,
  SALES_WAITING_TO_SEND,
  WAITING_FOR_PAYMENT_TEXT,
  WAITING_TO_SEND_TEXT,
} from './locales/remote/en.json';

export function saleStatusText(sale: CashierSale, t: Translate, formats: Formats): string {
  if (waitsToBeSent(sale)) return t(WAITING_TO_SEND_TEXT);
  switch (sale.status) {
    case 'unpaid':
      return t(WAITING_FOR_PAYMENT_TEXT);
    case 'paid':
      return t(PAID_WAITING_TEXT);
    case 'confirmed': {
      const amount = sale.confirmedAmount ?? sale.amount;
      return confirmedText(amount, sale.message.unit, t, formats);
    }
    case 'expired':
      return t(EXPIRED_TEXT);
  }
}

const STATUS_COLOURS: Record<CashierSale['status'], string> = {
  unpaid: 'text-slate-600',
  paid: 'text-amber-700',
  confirmed: 'text-emerald-700',
  expired: 'text-slate-400',
};

function time(ms: number): string {
  return new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

export function CashierSalesList({ sales }: { sales: CashierSale[] }) {
  const t = useTexts();
  const formats = useFormats();
  if (sales.length === 0) return null;
  const waiting = sales.filter(waitsToBeSent).length;
  return (
    <Card look="minor" gap={2} titleId="cashier-sales-title" title={t(SALES_HEADING)}>
      {waiting > 0 ? (
        <p
          role="status"
          data-testid="cashier-sales-waiting"
          className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          {t(SALES_WAITING_TO_SEND, { count: waiting })}
        </p>
      ) : null}
      <ul className="divide-y divide-slate-100 rounded-xl bg-white ring-1 ring-slate-200">
        {sales.map((sale) => (
          <li
            key={sale.quote}
            data-testid="cashier-sale"
            data-quote={sale.quote}
            data-status={sale.status}
            data-unit={sale.message.unit}
            data-waiting={waitsToBeSent(sale) ? 'true' : undefined}
            className="flex items-center justify-between gap-3 px-3 py-2 text-sm"
          >
            <span className="font-medium text-slate-900">
              {cashierAmountText(sale.amount, sale.message.unit, t, formats)}
            </span>
            <time className="text-slate-500" dateTime={new Date(sale.createdAt).toISOString()}>
              {time(sale.createdAt)}
            </time>
            <span
              data-testid="cashier-sale-status"
              className={`text-right ${waitsToBeSent(sale) ? 'text-amber-800' : STATUS_COLOURS[sale.status]}`}
            >
              {saleStatusText(sale, t, formats)}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
